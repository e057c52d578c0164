// Rule guarded: one English spelling of the payment vocabulary. Server-side English (CSV exports, audit sentences,
// the gateway's status notes) still reads lib's label maps; the pages read messages/en/vocab.json. They must agree,
// and a code the catalog lacks is still shown readably (a configured refund reason, a new payment kind).
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { ACTION_STATE, REASON_LABELS } from "@/lib/schemas/payment-actions-values";
import { STATUS_LABEL } from "@/lib/payment-status";
import { KIND_LABEL, KIND_SHORT_LABEL } from "@/lib/transactions/labels";
import { ACTIVITY_LABEL } from "@/lib/reports/activity";
import { catalogs } from "@/messages";
import { actionStateText, kindShortText, kindText, reasonText, statusText } from "@/lib/i18n/vocab";

const en = catalogs.en.vocab;

describe("vocab: the English catalog and lib's label maps say the same", () => {
  it("statuses, kinds, activities, reasons, action states", () => {
    expect(en.status).toEqual(STATUS_LABEL);
    expect(en.kind).toEqual(KIND_LABEL);
    expect(en.kindShort).toEqual(KIND_SHORT_LABEL);
    expect(en.activity).toEqual(ACTIVITY_LABEL);
    expect(en.reason).toEqual(REASON_LABELS);
    expect(en.actionState).toEqual(Object.fromEntries(Object.entries(ACTION_STATE).map(([k, v]) => [k, v.label])));
  });

  it("unknown codes fall back readably; Arabic has words", () => {
    const t = createTranslator({ locale: "en", messages: catalogs.en, namespace: "vocab" });
    expect(statusText(t, "captured")).toBe("Captured");
    expect(kindText(t, "new_kind")).toBe("new_kind");
    expect(kindShortText(t, "new_kind")).toBe("new_kind");
    expect(reasonText(t, "goods_not_received")).toBe("Goods not received");
    expect(actionStateText(t, "in_limbo")).toBe("in limbo");
    const ar = createTranslator({ locale: "ar", messages: catalogs.ar, namespace: "vocab" });
    expect(statusText(ar, "partially_refunded")).toBe("مستردة جزئيًا");
  });
});
