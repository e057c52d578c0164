// The list's columns: what a user may show or hide (the choice travels in the URL as `cols` and is saved with a
// view). Created, amount and status are always shown: a row without them is not a transaction. Browser-safe.

export const OPTIONAL_COLUMNS = {
  order: "Order ID",
  type: "Type",
  payer: "Payer",
  email: "Payer e-mail",
  card: "Card",
  branch: "Branch",
  gateway: "Gateway ID",
  captured: "Captured",
  refunded: "Refunded",
} as const;

export type ColumnId = keyof typeof OPTIONAL_COLUMNS;
export const COLUMN_IDS = Object.keys(OPTIONAL_COLUMNS) as ColumnId[];
export const DEFAULT_COLUMNS: readonly ColumnId[] = ["order", "type", "email", "card"];

export function isColumnId(value: string): value is ColumnId {
  return Object.prototype.hasOwnProperty.call(OPTIONAL_COLUMNS, value);
}
