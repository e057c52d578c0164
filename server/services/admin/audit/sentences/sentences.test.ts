// Rule guarded (#13 Audit log): every audit entry reads as a sentence with formatted amounts ("Refund of
// SAR 2,000.00 approved for order …", "Role Finance created with 5 permissions"), and every action the app writes
// has its own wording: the test walks server/ for the action names written to the audit log (literal and
// templated) so a new action without a sentence fails here, not on a reader's screen.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { auditSentence, hasOwnSentence, plainText, type Entry } from "./index";

/** The sentence's text, with the no-break space Intl puts between currency and amount written as a space. */
const text = (e: Partial<Entry> & { action: string }) =>
  plainText(auditSentence({ targetType: null, targetId: null, summary: {}, ...e })).replace(/\u00a0/g, " ");

/** Action names in the app's sources: literals on lines that write an audit row, and the templated families. */
function actionsInSources(): string[] {
  const root = path.resolve(__dirname, "../../../../..");
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const d of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, d.name);
      if (d.isDirectory()) walk(p);
      else if (/\.ts$/.test(d.name) && !/\.test\.ts$|\.support\.ts$/.test(d.name)) {
        for (const line of fs.readFileSync(p, "utf8").split("\n")) {
          if (!/\baction\b|\baudit\(|auditAction/.test(line) || /\blog(ger)?\.(info|warn|error)\(/.test(line)) continue;
          for (const m of line.matchAll(/["`]([a-z_]+(?:\.[a-z_]+)+)["`]/g)) found.add(m[1]!);
        }
      }
    }
  };
  walk(path.join(root, "server"));
  // Templated names: money actions (money-action.ts), plan status changes (plan-status.ts), charge outcomes.
  for (const type of ["capture", "void", "refund"])
    for (const step of ["start", "request_approval", "succeeded", "declined", "failed", "unknown"]) found.add(`${type}.${step}`);
  for (const change of ["pause", "resume", "cancel"]) found.add(`billing_plan.${change}`);
  for (const prefix of ["token_sale", "recurring.charge", "recurring.plan_charge", "billing_plan.charge"])
    for (const status of ["start", "captured", "authorized", "declined", "failed", "unknown", "pending"]) found.add(`${prefix}.${status}`);
  // Names on such lines that are not audit actions (a summary key, an export's file name).
  // "recurring.charge" and "recurring.plan_charge" are prefixes (auditAction), expanded above.
  for (const notAction of [
    "recurring.charge",
    "recurring.plan_charge",
    "auth.passkey_refused",
    "auth.passkey_registration_refused",
    "auth.password_reset_failed",
  ])
    found.delete(notAction);
  return [...found].sort();
}

describe("audit entries as sentences", () => {
  it("money: amount formatted, order named, the step said", () => {
    const refund = { amountMinor: 200_000, currency: "SAR" };
    expect(text({ action: "refund.approve", summary: refund, orderId: "ORD-7" })).toBe("Refund of SAR 2,000.00 approved for order ORD-7");
    expect(text({ action: "refund.request_approval", summary: { ...refund, orderId: "ORD-7" } })).toBe(
      "Refund of SAR 2,000.00 requested, awaiting approval for order ORD-7",
    );
    expect(
      text({ action: "capture.declined", summary: { amountMinor: 5050, currency: "SAR", message: "Insufficient funds" }, orderId: "A1" }),
    ).toBe("Capture of SAR 50.50 declined by the gateway for order A1: Insufficient funds");
    expect(text({ action: "payment.sync", summary: { from: "authorized", to: "captured", orderId: "A1" } })).toBe(
      "Payment for order A1 checked with the gateway: authorized → captured",
    );
    expect(
      text({
        action: "billing_plan.create",
        summary: { amountMinor: 9900, currency: "SAR", interval: "monthly", firstChargeDate: "2026-12-01" },
      }),
    ).toBe("Billing plan of SAR 99.00 every month created, first charge on 2026-12-01");
    const plan = { amountMinor: 1500, nextChargeDate: "2027-01-01", endDate: null, maxCharges: 2 };
    expect(
      text({
        action: "billing_plan.edit",
        summary: { currency: "SAR", before: plan, after: { ...plan, amountMinor: 4250, maxCharges: 3 } },
      }),
    ).toBe("Billing plan edited: amount SAR 15.00 → SAR 42.50; its end changed");
    expect(text({ action: "billing_plan.complete", summary: { reason: "cycles", chargesMade: 3, maxCharges: 3 } })).toBe(
      "Billing plan ended after its last charge (3 charges)",
    );
  });

  it("access: roles, users, refusals and sign-in in words", () => {
    const five = ["TRANSACTIONS_VIEW", "REFUNDS_CREATE", "REFUNDS_APPROVE", "TRANSACTIONS_EXPORT", "AUDIT_VIEW"];
    expect(text({ action: "role.create", summary: { name: "Finance", permissions: five, notAssigned: [] } })).toBe(
      "Role Finance created with 5 permissions",
    );
    expect(
      text({ action: "role.update", summary: { name: "Ops", permissions: ["AUDIT_VIEW"], before: { name: "Support", permissions: [] } } }),
    ).toBe("Role Ops updated (renamed from Support): now 1 permission");
    expect(
      text({ action: "user.roles_change", summary: { email: "a@b.test", before: ["read-only"], after: ["finance", "read-only"] } }),
    ).toBe("Roles of a@b.test changed from read-only to finance and read-only");
    expect(text({ action: "auth.sign_in_failed", summary: { email: "x@y.test", reason: "wrong_password" } })).toBe(
      "Sign-in failed for x@y.test: wrong password",
    );
    expect(text({ action: "authz.denied", summary: { attempted: "role.update", reason: "You do not hold AUDIT_VIEW." } })).toBe(
      "Refused: changing a role (You do not hold AUDIT_VIEW.)",
    );
    expect(text({ action: "audit.export", summary: { rows: 1234, outcome: "completed" } })).toBe("Audit log exported to CSV: 1,234 rows");
    expect(text({ action: "refunds.export", summary: { rows: 2, outcome: "aborted" } })).toBe(
      "Refund history exported to CSV: 2 rows (aborted)",
    );
    expect(text({ action: "audit.view", summary: { rows: 50 } })).toBe("Audit log viewed: 50 rows");
    // A refusal recorded by the route wrapper (server/audit/denials.ts).
    expect(
      text({ action: "authz.denied", summary: { method: "POST", path: "/api/refunds", code: "forbidden", permission: "REFUNDS_CREATE" } }),
    ).toBe("Refused: POST /api/refunds (needs REFUNDS_CREATE)");
    expect(
      text({
        action: "authz.denied",
        summary: { method: "POST", path: "/api/refunds/approve", code: "step_up_required", suppressedBefore: 3 },
      }),
    ).toBe(
      "Refused: POST /api/refunds/approve (a fresh second factor was needed); 3 earlier refusals of this session not recorded one by one",
    );
  });

  it("scheduled reports: created with the schedule in words, each run sent or failed with its reason (#14)", () => {
    expect(
      text({
        action: "report_schedule.create",
        summary: { report: "daily-closing", frequency: "weekly", timeOfDay: "07:00", weekday: 1, monthDay: null, recipients: 3 },
      }),
    ).toBe("Scheduled report Daily closing created: every Monday at 07:00 to 3 recipients");
    expect(
      text({
        action: "report_schedule.run",
        summary: {
          report: "Daily closing",
          result: "sent",
          firstDay: "2026-11-23",
          lastDay: "2026-11-23",
          recipients: 1,
          trigger: "schedule",
        },
      }),
    ).toBe("Scheduled report Daily closing sent for 2026-11-23 to 1 recipient");
    expect(
      text({
        action: "report_schedule.run",
        summary: { report: "Daily closing", result: "failed", firstDay: "2026-11-01", lastDay: "2026-11-30", message: "Owner disabled." },
      }),
    ).toBe("Scheduled report Daily closing failed for 2026-11-01 to 2026-11-30: Owner disabled.");
    expect(text({ action: "report_schedule.pause", summary: { report: "daily-closing" } })).toBe("Scheduled report Daily closing paused");
    // Where business data may go is on the trail: the outside addresses, whether they wait, and who decided.
    const outside = { report: "refunds", outsideRecipients: ["auditor@evil.example"] };
    expect(
      text({
        action: "report_schedule.create",
        summary: { ...outside, frequency: "daily", timeOfDay: "07:00", recipients: 2, approval: "pending" },
      }),
    ).toBe(
      "Scheduled report Refunds created: every day at 07:00 to 2 recipients (outside the merchant's domains: auditor@evil.example); it waits for a second person's approval",
    );
    expect(text({ action: "report_schedule.approve", summary: outside })).toBe(
      "Scheduled report Refunds: addresses approved (outside the merchant's domains: auditor@evil.example)",
    );
    expect(text({ action: "report_schedule.reject", summary: outside })).toBe(
      "Scheduled report Refunds: addresses rejected (outside the merchant's domains: auditor@evil.example)",
    );
    expect(
      text({
        action: "reports.download",
        targetId: "daily-closing",
        summary: { format: "xlsx", firstDay: "2026-11-01", lastDay: "2026-11-30" },
      }),
    ).toBe("Report Daily closing downloaded as XLSX for 2026-11-01 to 2026-11-30");
  });

  it("amounts, e-mails and order ids are marked left-to-right (the page wraps them in <bdi dir=ltr>)", () => {
    const parts = auditSentence({
      action: "refund.approve",
      targetType: "payment",
      targetId: null,
      summary: { amountMinor: 100, currency: "SAR" },
      orderId: "O-1",
    });
    expect(parts.filter((p) => typeof p !== "string")).toEqual([{ ltr: "SAR\u00a01.00" }, { ltr: "O-1" }]);
  });

  it("a note on a payment: who was told, never the note's text", () => {
    expect(text({ action: "payment.note_add", orderId: "ORD-9", summary: { told: ["a@x.example", "b@x.example"], length: 40 } })).toBe(
      "Note added to the payment for order ORD-9; 2 colleagues told by mail",
    );
    expect(text({ action: "payment.note_add", orderId: "ORD-9", summary: { told: [] } })).toBe("Note added to the payment for order ORD-9");
  });

  it("settlement reconciliation: an import with what matched and what to look at, a refusal with its reason, a layout", () => {
    expect(
      text({
        action: "settlement.import",
        summary: { filename: "settlement-2026-12-07.csv", lines: 1204, matches: { matched: 1198, duplicate: 1 }, notInFile: 2 },
      }),
    ).toBe("Settlement file settlement-2026-12-07.csv imported: 1,204 lines, 1,198 matched, 8 to look at");
    expect(
      text({ action: "settlement.import_refused", summary: { filename: "bad.csv", reason: "The file is empty or has no header line." } }),
    ).toBe("Settlement file bad.csv refused: The file is empty or has no header line.");
    expect(text({ action: "settlement.layout_create", summary: { name: "Al Rajhi daily" } })).toBe(
      "Settlement file layout Al Rajhi daily created",
    );
    expect(text({ action: "settlement.layout_update", summary: { name: "Al Rajhi daily" } })).toBe(
      "Settlement file layout Al Rajhi daily changed",
    );
  });

  it("an unknown action or an odd summary still reads as words, never throws", () => {
    expect(text({ action: "something_new.happened", summary: { amountMinor: 100, currency: "SAR" } })).toBe(
      "Something new happened of SAR 1.00",
    );
    expect(text({ action: "role.create", summary: null as unknown as Record<string, unknown> })).toBe("Role created");
  });

  it("every action the app writes to the audit log has its own sentence", () => {
    const actions = actionsInSources();
    expect(actions.length).toBeGreaterThan(60);
    const missing = actions.filter((action) => !hasOwnSentence({ action, targetType: null, targetId: null, summary: {} }));
    expect(missing).toEqual([]);
  });
});

// Rule guarded (#15 Arabic): the sentences come out in the reader's language, with the same left-to-right values
// (amounts, order ids, e-mails, dates) kept as such for <bdi dir="ltr">, Arabic plurals and list joins, and the
// reader's digits in amounts; an Arabic reader never sees the English wording.
describe("audit entries as sentences, in Arabic", () => {
  const ar = { language: "ar", digits: "latn" } as const;
  const arText = (e: Partial<Entry> & { action: string }, prefs: { language: "ar"; digits: "latn" | "arab" } = ar) =>
    plainText(auditSentence({ targetType: null, targetId: null, summary: {}, ...e }, prefs)).replace(/\u00a0/g, " ");

  it("money: the amount and order stay left-to-right inside an Arabic sentence", () => {
    const parts = auditSentence(
      {
        action: "refund.approve",
        targetType: "payment",
        targetId: null,
        summary: { amountMinor: 200_000, currency: "SAR" },
        orderId: "ORD-7",
      },
      ar,
    );
    expect(parts.filter((p) => typeof p !== "string")).toEqual([{ ltr: "SAR\u00a02,000.00" }, { ltr: "ORD-7" }]);
    expect(plainText(parts).replace(/\u00a0/g, " ")).toBe("استرداد بمبلغ SAR 2,000.00 اعتُمد للطلب ORD-7");
    expect(arText({ action: "payment.sync", summary: { from: "authorized", to: "captured", orderId: "A1" } })).toBe(
      "الدفعة للطلب A1 طوبقت مع البوابة: مفوَّضة ← محصَّلة",
    );
  });

  it("Arabic-Indic digits in amounts when the reader chose them", () => {
    expect(
      arText({ action: "capture.succeeded", summary: { amountMinor: 5050, currency: "SAR" } }, { language: "ar", digits: "arab" }),
    ).toBe("تحصيل بمبلغ SAR ٥٠٫٥٠ نجح");
  });

  it("access: Arabic plurals and lists", () => {
    const five = ["TRANSACTIONS_VIEW", "REFUNDS_CREATE", "REFUNDS_APPROVE", "TRANSACTIONS_EXPORT", "AUDIT_VIEW"];
    expect(arText({ action: "role.create", summary: { name: "المالية", permissions: five, notAssigned: [] } })).toBe(
      "أُنشئ الدور المالية بـ5 صلاحيات",
    );
    expect(arText({ action: "role.create", summary: { name: "Ops", permissions: ["AUDIT_VIEW", "REPORTS_VIEW"] } })).toBe(
      "أُنشئ الدور Ops بصلاحيتين",
    );
    expect(
      arText({ action: "user.roles_change", summary: { email: "a@b.test", before: ["read-only"], after: ["finance", "read-only"] } }),
    ).toBe("تغيّرت أدوار a@b.test من read-only إلى finance وread-only");
    expect(arText({ action: "auth.sign_in_failed", summary: { email: "x@y.test", reason: "wrong_password" } })).toBe(
      "فشل تسجيل الدخول لـ x@y.test: كلمة مرور خاطئة",
    );
    expect(arText({ action: "audit.export", summary: { rows: 11, outcome: "completed" } })).toBe("صُدّر سجل التدقيق إلى CSV: 11 صفًا");
    expect(arText({ action: "audit.view", summary: { rows: 11 } })).toBe("عُرض سجل التدقيق: 11 صفًا");
    expect(
      arText({
        action: "authz.denied",
        summary: { method: "POST", path: "/api/refunds", code: "forbidden", permission: "REFUNDS_CREATE" },
      }),
    ).toContain("يتطلب");
  });

  it("reports: each date left-to-right, the words in Arabic", () => {
    const parts = auditSentence(
      {
        action: "reports.download",
        targetType: null,
        targetId: "daily-closing",
        summary: { format: "xlsx", firstDay: "2026-11-01", lastDay: "2026-11-30" },
      },
      ar,
    );
    expect(plainText(parts)).toBe("نُزّل التقرير الإقفال اليومي بصيغة XLSX للفترة من 2026-11-01 إلى 2026-11-30");
    expect(parts.filter((p) => typeof p !== "string")).toEqual([{ ltr: "2026-11-01" }, { ltr: "2026-11-30" }]);
    expect(
      arText({
        action: "report_schedule.create",
        summary: { report: "daily-closing", frequency: "weekly", timeOfDay: "07:00", weekday: 1, monthDay: null, recipients: 3 },
      }),
    ).toBe("أُنشئ التقرير المجدول الإقفال اليومي: كل يوم إثنين الساعة 07:00 إلى 3 مستلمين");
  });
});
