import { CSV_BOM, CSV_EOL } from '../../shared/csv';

export { csvCell } from '../../shared/csv';

/** Offers lines of cells as a CSV download (UTF-8 with a byte-order mark, so Excel reads Bangla names). */
export function downloadCsv(fileName: string, lines: readonly string[]): void {
  const blob = new Blob([CSV_BOM + lines.join(CSV_EOL)], { type: 'text/csv;charset=utf-8' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `${fileName.replace(/[^\w-]+/g, '-')}.csv`;
  a.click();
  URL.revokeObjectURL(a.href);
}
