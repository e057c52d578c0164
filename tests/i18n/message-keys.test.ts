// Rules guarded (#15): every message a schema or the server gives is in the catalogs, so a reader never sees a bare
// key: each validation key named in lib/ (vmsg("…") in the schemas and the server's field errors) and each errors
// key given to an AppError in server/ (and app/api) exists in the English catalog (tsc checks the typed calls; this
// also catches keys built in ways tsc cannot see); and zod's own messages (a check without a message) are mapped to
// validation keys whose English is exactly what zod says.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "@/lib/schemas/zod";
import { translateKeyed } from "@/lib/i18n/keyed-message";
import { catalogs } from "@/messages";
import { createTranslator } from "next-intl";

const root = path.join(__dirname, "../..");

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sources(rel));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(rel);
  }
  return out;
}

function has(tree: unknown, key: string): boolean {
  let node = tree;
  for (const part of key.split(".")) {
    if (!node || typeof node !== "object" || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string";
}

const files = [...sources("lib"), ...sources("server"), ...sources("app/api")].map((f) => ({
  f,
  text: fs.readFileSync(path.join(root, f), "utf8"),
}));

describe("message keys", () => {
  it("every validation key used exists in the catalog", () => {
    const used = new Set<string>();
    for (const { text } of files) for (const m of text.matchAll(/vmsg\("([^"]+)"/g)) used.add(m[1]!);
    expect(used.size).toBeGreaterThan(100);
    expect([...used].filter((k) => !has(catalogs.en.validation, k))).toEqual([]);
  });

  it("every errors key given to an AppError exists in the catalog", () => {
    const used = new Set<string>();
    for (const { f, text } of files) {
      if (!f.startsWith("server") && !f.startsWith("app")) continue;
      // new AppError(code, "key" | ["key", …]) and the keyed constants/maps beside them ("area.key" strings).
      for (const m of text.matchAll(/new (?:AppError|GrantRefused)\(\s*(?:"[a-z_]+",\s*)?\[?\s*"([a-zA-Z]+\.[a-zA-Z.]+)"/g))
        used.add(m[1]!);
      for (const m of text.matchAll(/errorAnswer\([^,]+,\s*"[a-z_]+",\s*"([a-zA-Z.]+)"/g)) used.add(m[1]!);
      for (const m of text.matchAll(
        /\["((?:auth|users|grants|roles|partners|branches|gateway|list|savedViews|savedCards|refunds|payments|links|recurring|schedules|http|client|sync)\.[a-zA-Z]+)",\s*\{/g,
      ))
        used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(80);
    expect([...used].filter((k) => !has(catalogs.en.errors, k))).toEqual([]);
  });

  it("zod's own messages come out as validation keys with zod's exact English", () => {
    const t = createTranslator({ locale: "en-GB", messages: catalogs.en, namespace: "validation" });
    const schema = z
      .object({
        s: z.string().max(3),
        n: z.number().min(2),
        a: z.array(z.string()).max(1),
        u: z.uuid(),
        e: z.email(),
        o: z.enum(["x", "y"]),
        l: z.literal("k"),
        r: z.string().regex(/^a$/),
        m: z.string(),
        k: z.discriminatedUnion("kind", [z.object({ kind: z.literal("a") }), z.object({ kind: z.literal("b") })]),
      })
      .strict();
    const input = { s: "abcd", n: 1, a: ["a", "b"], u: "x", e: "x", o: "z", l: "q", r: "b", k: { kind: "c" }, extra: 1 };
    const ours = schema.safeParse(input).error!.issues.map((i) => translateKeyed(t as never, i.message));
    // zod's English locale itself, per parse (it ranks above the app's global mapping and below a schema's message).
    const english = z.locales.en().localeError;
    const zods = schema.safeParse(input, { error: (issue) => english(issue) }).error!.issues.map((i) => i.message);
    expect(ours).toEqual(zods);
    expect(ours).toContain("Too big: expected string to have <=3 characters");
  });
});
