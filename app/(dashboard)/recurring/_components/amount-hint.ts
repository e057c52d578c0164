// What the amount field of the recurring dialogs says (recurring.amountHint.*). The form interface's whole-units
// rule (contract 8: RECURRING_SALE takes whole digits only) is explained only when the configured interface is the
// form one; with v2 JSON staff never read about an interface they do not use. Pure, so a unit test pins it.

export type AmountHint = "wholeUnits" | "cycle" | "charge";

export function amountHint(wholeUnits: boolean, per: "charge" | "cycle"): AmountHint {
  return wholeUnits ? "wholeUnits" : per;
}
