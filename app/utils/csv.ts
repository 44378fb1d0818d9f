// CSV as spreadsheets read it (RFC 4180, CRLF); a text cell a spreadsheet would run as a formula gets a leading
// apostrophe (OWASP CSV injection); numbers and flags are written as they are (ADR 042).

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: empty for no value, Yes/No for a flag (as the tables show them), quoted when it has to be. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of cells, ended by CRLF. */
export const csvLine = (values: readonly CsvValue[]) => `${values.map(csvCell).join(",")}\r\n`;

/** The byte order mark that makes Excel read the file as UTF-8 (other spreadsheets skip it). */
export const CSV_BOM = "\uFEFF";
