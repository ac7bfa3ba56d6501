// CSV as spreadsheets read it: the web's exports and the server's import templates.

/** One CSV cell: quoted; text a spreadsheet would run as a formula (=, +, -, @ first) gets a leading apostrophe. */
export function csvCell(value: string, text = false): string {
  return `"${(text && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value).replace(/"/g, '""')}"`;
}

/** What starts a CSV file so that Excel reads it as UTF-8 (Bangla names), and what ends its lines. */
export const CSV_BOM = '\uFEFF';
export const CSV_EOL = '\r\n';
