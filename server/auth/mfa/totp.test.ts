// Rules guarded: RFC 6238 codes are checked against the right time window (±1 step of drift, no more), a code of
// the last used step or earlier is refused (replay), malformed codes never reach the library; recovery codes carry
// 80 random bits, are normalised before hashing, and only their hash is kept; sealed TOTP secrets open only for
// the same user and key.
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { hashRecoveryCode, newRecoveryCodes, normaliseRecoveryCode } from "./recovery-codes";
import { openSecret, sealSecret } from "./secret-box";
import { checkTotp, newTotpSecret, normaliseTotpCode } from "./totp";

const now = new Date("2031-01-01T12:00:10Z");
const step = Math.floor(now.getTime() / 30_000);
const at = (s: number) => ({ epoch: s * 30 });

describe("TOTP", () => {
  it("accepts the current step and one step of drift each way, not two", async () => {
    const secret = newTotpSecret();
    for (const d of [-1, 0, 1]) {
      expect(await checkTotp({ secret, code: await generate({ secret, ...at(step + d) }), lastUsedStep: null, now })).toBe(step + d);
    }
    expect(await checkTotp({ secret, code: await generate({ secret, ...at(step - 2) }), lastUsedStep: null, now })).toBeNull();
    expect(await checkTotp({ secret, code: await generate({ secret, ...at(step + 2) }), lastUsedStep: null, now })).toBeNull();
  });

  it("refuses a code of the last used step or an earlier one (a code is accepted once)", async () => {
    const secret = newTotpSecret();
    const code = await generate({ secret, ...at(step) });
    expect(await checkTotp({ secret, code, lastUsedStep: step, now })).toBeNull();
    expect(await checkTotp({ secret, code: await generate({ secret, ...at(step - 1) }), lastUsedStep: step - 1, now })).toBeNull();
    expect(await checkTotp({ secret, code, lastUsedStep: step - 1, now })).toBe(step);
    expect(await checkTotp({ secret, code, lastUsedStep: step + 5, now })).toBeNull(); // a stored step from the future refuses all
  });

  it("normalises spaces and refuses anything but six digits", async () => {
    expect(normaliseTotpCode("123 456")).toBe("123456");
    for (const bad of ["12345", "1234567", "12345a", "", "１２３４５６"]) expect(normaliseTotpCode(bad)).toBeNull();
    expect(await checkTotp({ secret: newTotpSecret(), code: "12345x", lastUsedStep: null, now })).toBeNull();
  });
});

describe("recovery codes", () => {
  it("makes 10 distinct codes of 16 symbols in 4 groups, hashed after normalising", () => {
    const { codes, hashes } = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    expect(hashes[0]).toBe(hashRecoveryCode(normaliseRecoveryCode(codes[0]!.toLowerCase().replaceAll("-", " "))!));
    expect(hashes[0]).not.toContain(codes[0]!.replaceAll("-", ""));
    expect(normaliseRecoveryCode("AAAA-AAAA-AAAA-AAA0")).toBeNull(); // 0 is not in the alphabet
  });
});

describe("sealed TOTP secrets", () => {
  it("open only with the same key for the same user, and not when altered", () => {
    const sealed = sealSecret("k".repeat(40), "user-1", "SECRETBASE32");
    expect(openSecret("k".repeat(40), "user-1", sealed)).toBe("SECRETBASE32");
    expect(openSecret("k".repeat(40), "user-2", sealed)).toBeNull();
    expect(openSecret("j".repeat(40), "user-1", sealed)).toBeNull();
    expect(openSecret("k".repeat(40), "user-1", sealed.slice(0, -2) + (sealed.endsWith("A") ? "BB" : "AA"))).toBeNull();
  });
});
