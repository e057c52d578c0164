// The e-mails' language (issue #15). Rules guarded: a mail is written in the recipient's saved language, else in
// the language of the person whose action sent it, else English; an Arabic mail's HTML says lang="ar" dir="rtl"
// and keeps left-to-right values (dates, addresses) whole; English mails stay word for word as they were.
import { describe, expect, it } from "vitest";
import { factorResetMail, invitationMail, mailPrefsFor, newSignInMail, passwordResetMail, scheduledReportMail } from "./templates";

const expiresAt = new Date("2026-11-24T14:05:00Z");
const ar = { language: "ar", digits: "latn" } as const;

describe("mailPrefsFor", () => {
  it("prefers the recipient's saved language, then the sender's, then English", () => {
    expect(mailPrefsFor({ uiLanguage: "ar", uiDigits: "arab" }, { language: "en", digits: "latn" })).toEqual({
      language: "ar",
      digits: "arab",
    });
    expect(mailPrefsFor({ uiLanguage: null, uiDigits: "latn" }, ar)).toEqual(ar);
    expect(mailPrefsFor({ uiLanguage: null }, null)).toEqual({ language: "en", digits: "latn" });
    expect(mailPrefsFor(null)).toEqual({ language: "en", digits: "latn" });
  });
});

describe("English mails (unchanged)", () => {
  it("keeps the invitation's words and plain <html>", () => {
    const m = invitationMail({ name: "Sara", url: "https://x.test/set?token=t", expiresAt, invitedBy: "Omar" });
    expect(m.subject).toBe("You have been invited to the merchant dashboard");
    expect(m.text).toContain(
      "Omar created a merchant dashboard account for you. Choose your password with the link below; it works once, until 2026-11-24 17:05 (Asia/Riyadh).",
    );
    expect(m.text).toContain("Choose your password: https://x.test/set?token=t");
    expect(m.text.endsWith("— Merchant dashboard")).toBe(true);
    expect(m.html.startsWith("<!doctype html><html><body")).toBe(true);
  });

  it("keeps the other mails' subjects and sentences", () => {
    expect(passwordResetMail({ name: "Sara", url: "u", expiresAt }).subject).toBe("Reset your merchant dashboard password");
    expect(factorResetMail({ name: "Sara", resetBy: "Omar", enrolUrl: "u", expiresAt: new Date() }).subject).toBe(
      "Your second factor was reset",
    );
    expect(newSignInMail({ name: "Sara", at: expiresAt, ip: "10.0.0.1", browser: "Firefox" }).text).toContain(
      "Your account was signed in at 2026-11-24 17:05 (Asia/Riyadh) from Firefox (IP address 10.0.0.1).",
    );
  });
});

describe("Arabic mails", () => {
  it("writes the invitation in Arabic, right to left", () => {
    const m = invitationMail({ name: "سارة", url: "https://x.test/set?token=t", expiresAt, invitedBy: "عمر" }, ar);
    expect(m.subject).toBe("دعوة للانضمام إلى لوحة تحكم التاجر");
    expect(m.html).toContain('<html lang="ar" dir="rtl">');
    expect(m.text).toContain("مرحبًا سارة،");
    // The date stays one left-to-right run inside the Arabic sentence.
    expect(m.text).toContain("\u20662026-11-24 17:05\u2069 (بتوقيت \u2066Asia/Riyadh\u2069)");
    expect(m.text).toContain("اختر كلمة المرور: https://x.test/set?token=t");
    expect(m.text.endsWith("— لوحة تحكم التاجر")).toBe(true);
  });

  it("writes the password reset, factor reset, new sign-in and scheduled report mails in Arabic", () => {
    expect(passwordResetMail({ name: "سارة", url: "u", expiresAt }, ar).subject).toBe("إعادة تعيين كلمة مرور لوحة تحكم التاجر");
    expect(factorResetMail({ name: "سارة", resetBy: "عمر", enrolUrl: "u", expiresAt: new Date() }, ar).html).toContain('dir="rtl"');
    expect(newSignInMail({ name: "سارة", at: expiresAt, ip: "10.0.0.1", browser: "Firefox" }, ar).text).toContain("\u206610.0.0.1\u2069");
    const report = scheduledReportMail(
      {
        title: "الإقفال اليومي",
        days: "2026-11-23",
        timeZone: "Asia/Riyadh",
        summary: [],
        schedule: "كل يوم الساعة 07:00 (Asia/Riyadh)",
        owner: "عمر (omar@example.test)",
        attachment: { filename: "daily-closing_2026-11-23_2026-11-23.csv", contentType: "text/csv", content: "" },
      },
      ar,
    );
    expect(report.subject).toBe("الإقفال اليومي · 2026-11-23");
    expect(report.text).toContain("تصلك هذه الرسالة لأن عمر (omar@example.test) جدول هذا التقرير");
    expect(report.html).toContain('<html lang="ar" dir="rtl">');
  });
});
