/** One CSV cell: quoted; text a spreadsheet would run as a formula (=, +, -, @ first) gets a leading apostrophe. */
export function csvCell(value: string, text = false): string {
  return `"${(text && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value).replace(/"/g, '""')}"`;
}

/** Offers lines of cells as a CSV download (UTF-8 with a byte-order mark, so Excel reads Bangla names). */
export function downloadCsv(fileName: string, lines: readonly string[]): void {
  const blob = new Blob(['\uFEFF' + lines.join('\r\n')], { type: 'text/csv;charset=utf-8' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `${fileName.replace(/[^\w-]+/g, '-')}.csv`;
  a.click();
  URL.revokeObjectURL(a.href);
}
