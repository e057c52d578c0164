// Rule guarded: an e-mail address is accepted by RFC 6531's syntax wherever the dashboard takes one (a payer with a
// non-ASCII address can be charged, captured, refunded and looked up), and what is not an address is still refused.
import { describe, expect, it } from "vitest";
import { emailAddress, isEmailAddress } from "./email";
import { newPaymentSchema } from "./new-payment";

describe("e-mail addresses (RFC 5321 with RFC 6531's non-ASCII characters)", () => {
  it.each([
    "payer@example.com",
    "first.last+tag@sub.example.co.uk",
    "o'brien@example.ie",
    "jöhn@example.com",
    "jürgen.straße@bücher.example",
    "أحمد@مثال.السعودية",
    "用户@例子.广告",
    "user@example.xn--mgbaam7a8h",
    "a@b-c.example",
  ])("accepts %s", (address) => {
    expect(isEmailAddress(address)).toBe(true);
    expect(emailAddress().safeParse(address).success).toBe(true);
  });

  it.each([
    "",
    "plain",
    "@example.com",
    "user@",
    "user@localhost",
    "user@example",
    "a b@example.com",
    "user@exa mple.com",
    "user..dots@example.com",
    ".user@example.com",
    "user.@example.com",
    "user@-example.com",
    "user@example-.com",
    "user@example.c",
    "user@@example.com",
    '"quoted"@example.com',
    "user\u00a0@example.com",
    "user\u200b@example.com",
    "user@example.com\n",
    `${"a".repeat(65)}@example.com`,
    `user@${"a".repeat(250)}.com`,
  ])("refuses %j", (address) => {
    expect(isEmailAddress(address)).toBe(false);
  });

  it("a new payment takes a payer with a non-ASCII address", () => {
    const r = newPaymentSchema.shape.email.safeParse("أحمد@مثال.السعودية");
    expect(r.success).toBe(true);
  });
});
