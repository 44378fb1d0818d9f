// CSV as spreadsheets read it (RFC 4180): a cell is quoted when it holds a comma, a quote or a line break, and lines end
// in CRLF. A text cell that a spreadsheet would run as a formula (it starts with =, +, -, @, a tab or a carriage
// return) is neutralised with a leading apostrophe, which Excel, LibreOffice and Google Sheets show as plain text
// (OWASP: CSV injection). Numbers and flags are written as they are: they cannot be formulas.

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
