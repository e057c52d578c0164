// The one e-mail address syntax of the dashboard: RFC 5321's dot-atom local part and domain, widened by RFC 6531 to
// any non-ASCII character (a Gulf customer's `أحمد@مثال.السعودية`, `jürgen@bücher.example`), so that such a payer can be
// charged, captured, refunded and looked up like any other. Zod's own z.email() takes ASCII only; its unicodeEmail
// pattern takes `a@b` (no dot in the domain). Browser-safe: the forms validate with it too.
import { z } from "zod";

/** An atext character: the ASCII ones of RFC 5322, or any non-ASCII one that is not a space, a control or a format mark. */
const ATEXT = "(?:[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]|[^\\x00-\\x7F\\s\\p{Cc}\\p{Cf}])";
/** A domain label: letters, digits and marks of any script, hyphens inside. */
const LABEL = "[\\p{L}\\p{N}](?:[\\p{L}\\p{N}\\p{M}-]*[\\p{L}\\p{N}\\p{M}])?";
/** The top-level label: two or more letters (with their marks), or a punycode A-label. */
const TOP = "(?:\\p{L}[\\p{L}\\p{M}]+|xn--[A-Za-z0-9-]+)";

export const EMAIL_PATTERN = new RegExp(`^${ATEXT}+(?:\\.${ATEXT}+)*@(?:${LABEL}\\.)+${TOP}$`, "u");

/** Longest address (RFC 5321's path limit less the brackets) and local part. */
export const EMAIL_MAX_LENGTH = 254;
const LOCAL_MAX_LENGTH = 64;

/** True for an address of the syntax above, within the lengths. */
export function isEmailAddress(value: string): boolean {
  const at = value.lastIndexOf("@");
  return value.length <= EMAIL_MAX_LENGTH && at > 0 && at <= LOCAL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

/** The schema of an address (already trimmed by the caller where it trims), with the form's message. */
export function emailAddress(message?: string) {
  return z.string().refine(isEmailAddress, message === undefined ? { message: "Invalid email address" } : { message });
}
