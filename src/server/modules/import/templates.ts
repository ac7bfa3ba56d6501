import writeExcelFile from 'write-excel-file/node';
import { CSV_BOM, CSV_EOL, csvCell } from '../../../shared/csv.ts';
import type { Registry } from '../../../shared/registry.ts';
import { collectionNamed, headerText, sheetColumns } from './spreadsheet.ts';

// Import templates (issue 30 item 2, docs/decisions/0041): a collection's sheet with its header
// row only, the registry's labels in English or Bangla, named so that, filled in and put in the
// import's folder (or sent to the import page), it is read as that collection.

export type TemplateFormat = 'xlsx' | 'csv';

export interface Template {
  fileName: string;
  contentType: string;
  body: Buffer | string;
}

/** The template a name asks for (a kind's path, `partners`, or any name the importer takes for a sheet), or undefined. */
export async function importTemplate(registry: Registry, name: string, format: TemplateFormat, lang: 'en' | 'bn'): Promise<Template | undefined> {
  const collection = collectionNamed(registry, name);
  const columns = collection === undefined ? undefined : sheetColumns(registry, collection)?.filter((c) => c.template);
  if (!collection || !columns) return undefined;
  const headers = columns.map((c) => headerText(c, lang));
  // The file keeps the name it was asked by (`partners.csv`): the importer reads it back as its collection.
  const fileName = `${name}.${format}`;
  if (format === 'csv') return { fileName, contentType: 'text/csv; charset=utf-8', body: CSV_BOM + headers.map((h) => csvCell(h)).join(',') + CSV_EOL };
  const body = await writeExcelFile([
    {
      sheet: name,
      data: [headers.map((value) => ({ value, fontWeight: 'bold' as const }))],
      columns: headers.map((h) => ({ width: Math.max(12, h.length + 2) })),
      stickyRowsCount: 1,
    },
  ]).toBuffer();
  return { fileName, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', body };
}
