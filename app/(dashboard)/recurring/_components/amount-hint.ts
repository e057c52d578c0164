// What the amount field of the recurring dialogs says. The form interface's whole-units rule (contract 8:
// RECURRING_SALE takes whole digits only) is explained only when the configured interface is the form one;
// with v2 JSON staff never read about an interface they do not use. Pure, so a unit test pins it.

export const WHOLE_UNITS_HINT = "Whole units only, e.g. 25 (no decimals): the gateway's recurring call takes no decimals.";

export function amountHint(wholeUnits: boolean, per: "charge" | "cycle"): string {
  if (wholeUnits) return WHOLE_UNITS_HINT;
  return per === "cycle" ? "Charged each cycle in the first payment's currency." : "Charged in the first payment's currency.";
}
