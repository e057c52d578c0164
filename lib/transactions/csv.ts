// CSV cells and rows (RFC 4180, CRLF) made safe to open in a spreadsheet: a cell that a spreadsheet would run as
// a formula (starting with = + - @, tab or carriage return) gets a leading apostrophe (OWASP "CSV injection").

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;
// Either of the two above: most cells have neither and are returned after this one test.
const ANY_SPECIAL = /^[=+\-@\t]|[",\r\n]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string" && !ANY_SPECIAL.test(value)) return value;
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: ReadonlyArray<string | number | null | undefined>): string {
  return cells.map(csvCell).join(",") + "\r\n";
}

/** Byte-order mark: spreadsheets then read the file as UTF-8 (Arabic names stay readable). */
export const CSV_BOM = "\uFEFF";
