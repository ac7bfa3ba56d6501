import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import readXlsxFile from 'read-excel-file/node';
import type { RefusalCode, RefusalParams } from '../../../shared/refusals.ts';
import { terms } from '../../../shared/registry-bn.ts';
import { type KindDef, PARTNER_COLLECTION, type Registry, inputFields, partnerFields, sheetLabels } from '../../../shared/registry.ts';
import type { Document, DocumentRefusal } from './documents.ts';

// Spreadsheets for the importer (docs/decisions/0041): CSV files and XLSX workbooks, one sheet
// (or file) per collection, read into the same documents the old system's JSON gives, so every
// row goes through the checks a JSON row goes through. Headers are the registry's own field
// labels, in English or Bangla (or the wire names). Row 1 is the first data row; 0 the header.
// Every file is bounded before it is parsed: its size, a workbook's declared unpacked size, a
// CSV record's length and a sheet's width.

export const SHEET_LIMITS = {
  /** A CSV file is streamed; its size is capped all the same (a 200 MB "CSV" is not a khata). */
  csvBytes: 64 * 1024 * 1024,
  /**
   * A workbook is read whole (read-excel-file), so it is capped lower, and its unpacked size too:
   * reading takes about 3.7 times its unpacked size (100,000 rows: 29 MB unpacked, +107 MB), so
   * 40 MB (about 140,000 rows) keeps an import under the issue's 300 MB. Larger books go as CSV.
   */
  xlsxBytes: 16 * 1024 * 1024,
  unpackedBytes: 40 * 1024 * 1024,
  /** A CSV record's characters (quoted newlines included). */
  recordChars: 64 * 1024,
  columns: 60,
} as const;

/** Names a person gives a file or sheet for a collection whose own name is a wire name. */
const ALIASES: Readonly<Record<string, string>> = { partners: PARTNER_COLLECTION };

export interface SheetColumn {
  /** The document's key (a field's wire name, `issue_date`). */
  name: string;
  /** Its registry label (English; Bangla through the registry's words). */
  label: string;
  /** Offered in the template (computed totals and who issued it are read when present, not asked for). */
  template: boolean;
  /** A choice's stored values, so a Bangla choice reads as its English value. */
  choices?: readonly string[];
  date?: boolean;
}

const [DATE_LABEL, ISSUED_BY_LABEL] = sheetLabels;
/** The money account's header: English (or its wire name) in either language, its word kept out of the screens' catalogue. */
const ACCOUNT_LABEL = 'Account';

/** The columns of a collection's sheet, from the registry: a kind's date and fields, or the partner fields. */
export function sheetColumns(registry: Registry, collection: string): SheetColumn[] | undefined {
  if (collection === PARTNER_COLLECTION)
    return partnerFields.map((f) => ({ name: f.name, label: f.label, template: true, ...(f.choice ? { choices: f.choice } : {}) }));
  const kind = registry.byPath(collection);
  if (!kind) return undefined;
  return kindColumns(kind);
}

function kindColumns(kind: KindDef): SheetColumn[] {
  const asked = new Set(inputFields(kind));
  return [
    { name: 'issue_date', label: DATE_LABEL, template: true, date: true },
    ...kind.fields.map((f) => ({
      name: f.name,
      label: f.label,
      template: asked.has(f),
      ...(f.input.type === 'choice' ? { choices: f.input.options } : f.input.type === 'party' ? { choices: [] } : {}),
    })),
    // The money account, by name: asked for on an account's opening balance, read on any kind that moves money.
    ...(kind.cash ? [{ name: 'account', label: ACCOUNT_LABEL, template: kind.opening === 'account' }] : []),
    { name: 'issued_by', label: ISSUED_BY_LABEL, template: false },
  ];
}

/** Every collection a sheet may fill, in the order the importer reads them. */
export function sheetCollections(registry: Registry): string[] {
  return [PARTNER_COLLECTION, ...registry.kinds.map((k) => k.path)];
}

const fold = (text: string) => text.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

/** The collection a sheet or file name stands for: its wire name, an alias, or a kind's title or dashboard label in either language. */
export function collectionNamed(registry: Registry, name: string): string | undefined {
  const wanted = fold(name);
  if (ALIASES[wanted]) return ALIASES[wanted];
  for (const c of sheetCollections(registry)) if (fold(c) === wanted) return c;
  for (const k of registry.kinds)
    for (const label of [k.title, k.dashboard.label]) if (fold(label) === wanted || fold(terms[label] ?? label) === wanted) return k.path;
  return undefined;
}

/** The header's text for a column in a language. */
export const headerText = (column: SheetColumn, lang: 'en' | 'bn') => (lang === 'bn' ? (terms[column.label] ?? column.label) : column.label);

/** A spreadsheet column's letters (1 → A, 27 → AA). */
export function columnLetters(n: number): string {
  let s = '';
  for (let i = n; i > 0; i = Math.floor((i - 1) / 26)) s = String.fromCharCode(65 + ((i - 1) % 26)) + s;
  return s;
}

const refusal = (column: string, code: RefusalCode, params: RefusalParams = {}): DocumentRefusal => ({ column, code, params });
const refused = (file: string, row: number, r: DocumentRefusal): Document => ({ row, file, error: r.code, refusal: r });
const HEADER = '(header)';
const FILE = '(file)';
const ROW = '(row)';
const megabytes = (bytes: number) => Math.ceil(bytes / (1024 * 1024));

type Cell = string | number | boolean | Date | null | undefined;

/**
 * Reads a sheet's rows (header first) into documents: the header matched against the
 * collection's columns, each data row a document keyed by field name, its `_id` a digest of its
 * normalised content and the collection (with its occurrence, so two equal rows are two), so a
 * sheet imported again, or one that overlaps it, brings only its new rows.
 */
async function* sheetDocuments(
  registry: Registry,
  file: string,
  collection: string,
  rows: AsyncIterable<{ row: number; cells: Cell[] } | { row: number; refusal: DocumentRefusal }>,
): AsyncGenerator<Document> {
  const columns = sheetColumns(registry, collection)!;
  let header: (SheetColumn | null)[] | null = null;
  const occurrences = new Map<string, number>();
  for await (const r of rows) {
    if ('refusal' in r) {
      yield refused(file, r.row, r.refusal);
      if (header === null) return;
      continue;
    }
    if (header === null) {
      const found = readHeader(columns, r.cells, collection);
      if ('refusal' in found) {
        yield refused(file, 0, found.refusal);
        return;
      }
      header = found.header;
      continue;
    }
    const cells = r.cells;
    const extra = cells.findIndex((c, i) => i >= header!.length && !blank(c));
    if (extra !== -1) {
      yield refused(file, r.row, refusal(columnLetters(extra + 1), 'import_extra_cell', { column: columnLetters(extra + 1) }));
      continue;
    }
    if (cells.every(blank)) continue;
    const doc: Record<string, unknown> = {};
    const content: [string, string][] = [];
    header.forEach((column, i) => {
      const value = cells[i];
      if (!column || blank(value)) return;
      const read = cellValue(column, value!);
      doc[column.name] = read;
      content.push([column.name, String(read).normalize('NFC').trim().replace(/\s+/g, ' ')]);
    });
    content.sort((a, b) => (a[0] < b[0] ? -1 : 1));
    const digest = createHash('sha256')
      .update(JSON.stringify([collection, content]))
      .digest('base64url')
      .slice(0, 24);
    const n = (occurrences.get(digest) ?? 0) + 1;
    occurrences.set(digest, n);
    doc._id = `sheet:${digest}${n > 1 ? `#${n}` : ''}`;
    yield { row: r.row, file, doc };
  }
}

const blank = (c: Cell) => c === null || c === undefined || (typeof c === 'string' && c.trim() === '');

function readHeader(columns: SheetColumn[], cells: Cell[], collection: string): { header: (SheetColumn | null)[] } | { refusal: DocumentRefusal } {
  let width = cells.length;
  while (width > 0 && blank(cells[width - 1])) width--;
  if (width > SHEET_LIMITS.columns) return { refusal: refusal(HEADER, 'import_too_wide', { count: width, limit: SHEET_LIMITS.columns }) };
  const byText = new Map<string, SheetColumn>();
  for (const c of columns) for (const text of [c.name, c.label, headerText(c, 'bn')]) byText.set(fold(text), c);
  const header: (SheetColumn | null)[] = [];
  const seen = new Set<SheetColumn>();
  for (let i = 0; i < width; i++) {
    const text = cells[i];
    if (blank(text)) {
      header.push(null);
      continue;
    }
    const column = byText.get(fold(String(text)));
    if (!column) {
      const names = columns.filter((c) => c.template).map((c) => c.label);
      return {
        refusal: refusal(columnLetters(i + 1), 'import_unknown_header', { value: JSON.stringify(String(text)), sheet: collection, columns: names.join(', ') }),
      };
    }
    if (seen.has(column)) return { refusal: refusal(columnLetters(i + 1), 'import_header_twice', { value: JSON.stringify(String(text)) }) };
    seen.add(column);
    header.push(column);
  }
  return { header };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell as the importer reads an old document's value: a day as `YYYY-MM-DD`, a Bangla choice as its stored English value. */
function cellValue(column: SheetColumn, value: NonNullable<Cell>): unknown {
  if (column.date) {
    if (value instanceof Date) return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
    // An Excel day number in a cell not formatted as a date.
    if (typeof value === 'number' && value > 0 && value < 2958466) return cellValue(column, new Date(Math.round((value - 25569) * 86400000)));
    // Bangladesh writes the day first (decision 0036): 15/3/2024, 15-03-2024, 15.3.2024.
    const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(String(value).trim());
    if (m) return `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
    return String(value);
  }
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string' && column.choices?.length) {
    const english = column.choices.find((c) => terms[c] === value.trim());
    if (english) return english;
  }
  return value;
}

/** A CSV file's records, streamed: RFC 4180 quoting, UTF-8 only (a BOM is dropped), each record and the width bounded. */
async function* csvRecords(filePath: string): AsyncGenerator<{ row: number; cells: Cell[] } | { row: number; refusal: DocumentRefusal }> {
  const decoder = new TextDecoder('utf-8');
  let cells: string[] = [];
  let field = '';
  let quoted = false;
  let afterQuote = false;
  let chars = 0;
  let width = 0;
  let row = 0; // the header is row 0
  let first = true;
  const endField = () => {
    // Past the limit a record's fields are counted, not kept.
    if (++width <= SHEET_LIMITS.columns) cells.push(field);
    field = '';
    afterQuote = false;
  };
  function* endRecord(): Generator<{ row: number; cells: Cell[] } | { row: number; refusal: DocumentRefusal }> {
    endField();
    if (width > SHEET_LIMITS.columns)
      yield { row, refusal: refusal(row === 0 ? HEADER : ROW, 'import_too_wide', { count: width, limit: SHEET_LIMITS.columns }) };
    else yield { row, cells };
    row++;
    cells = [];
    chars = 0;
    width = 0;
  }
  // Not fatal: the text is read up to the first byte that is not UTF-8 (a U+FFFD), so the refusal
  // names the row it is in. (A U+FFFD typed in a UTF-8 file is refused too: it is a mis-decoding already.)
  const parse = function* (text: string) {
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (++chars > SHEET_LIMITS.recordChars) return 'long';
      if (quoted) {
        if (c === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i++;
          } else {
            quoted = false;
            afterQuote = true;
          }
        } else field += c;
      } else if (c === '"' && field === '' && !afterQuote) quoted = true;
      else if (c === ',') endField();
      else if (c === '\n') yield* endRecord();
      else if (c !== '\r') field += c;
    }
    return 'read';
  };
  const stop = function* (outcome: 'long' | 'read', broken: boolean) {
    if (outcome === 'long') yield { row, refusal: refusal(FILE, 'import_row_too_long', { limit: SHEET_LIMITS.recordChars }) };
    else if (broken) yield { row, refusal: refusal(FILE, 'import_not_utf8') };
    return outcome === 'long' || broken;
  };
  for await (const chunk of fs.createReadStream(filePath, { highWaterMark: 1 << 16 })) {
    let text = decoder.decode(chunk as Buffer, { stream: true });
    if (first) {
      text = text.replace(/^\uFEFF/, '');
      first = false;
    }
    const bad = text.indexOf('\uFFFD');
    if (yield* stop(yield* parse(bad === -1 ? text : text.slice(0, bad)), bad !== -1)) return;
  }
  const rest = decoder.decode();
  if (yield* stop(yield* parse(rest.replace(/\uFFFD[\s\S]*/, '')), rest.includes('\uFFFD'))) return;
  if (field !== '' || cells.length > 0) yield* endRecord();
}

interface WorkbookSheet {
  name: string;
  rows: Cell[][];
  /** Data rows a cell of which is a formula or merged, by row (the whole sheet at row 0). */
  refusals: Map<number, DocumentRefusal>;
}

type Workbook = { sheets: WorkbookSheet[] } | { refusal: DocumentRefusal };

const xmlText = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (_, e: string) =>
    e === 'amp'
      ? '&'
      : e === 'lt'
        ? '<'
        : e === 'gt'
          ? '>'
          : e === 'quot'
            ? '"'
            : e === 'apos'
              ? "'"
              : String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)),
  );
/** The parts of a workbook that say which sheet is which (besides the sheets themselves). */
const WORKBOOK_PARTS = new Set(['xl/workbook.xml', 'xl/_rels/workbook.xml.rels']);
const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
const rowOf = (ref: string) => Number(/\d+$/.exec(ref)?.[0] ?? 0) - 1;

/**
 * A workbook read with its bounds checked first: its size, that it is a zip at all, and the
 * unpacked sizes its zip declares (fflate, before anything is inflated); then each sheet's XML
 * (inflated into a buffer of the declared size, so a lying entry cannot grow) for formulas and
 * merged cells, which read-excel-file would read silently; then the values (read-excel-file).
 */
async function readWorkbook(filePath: string): Promise<Workbook> {
  const size = fs.statSync(filePath).size;
  if (size > SHEET_LIMITS.xlsxBytes)
    return { refusal: refusal(FILE, 'import_file_too_big', { size: megabytes(size), type: 'XLSX', limit: megabytes(SHEET_LIMITS.xlsxBytes) }) };
  const bytes = fs.readFileSync(filePath);
  if (bytes.length < 4 || bytes.readUInt32LE(0) !== 0x04034b50) return { refusal: refusal(FILE, 'import_not_xlsx') };
  let declared = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter(entry) {
        declared += entry.originalSize;
        return declared <= SHEET_LIMITS.unpackedBytes && (entry.name.startsWith('xl/worksheets/') || WORKBOOK_PARTS.has(entry.name));
      },
    });
  } catch {
    return { refusal: refusal(FILE, 'import_not_xlsx') };
  }
  if (declared > SHEET_LIMITS.unpackedBytes)
    return { refusal: refusal(FILE, 'import_zip_bomb', { size: megabytes(declared), limit: megabytes(SHEET_LIMITS.unpackedBytes) }) };
  const decode = (name: string) => (files[name] ? new TextDecoder().decode(files[name]) : '');
  const targets = new Map<string, string>();
  for (const [tag] of decode('xl/_rels/workbook.xml.rels').matchAll(/<Relationship\b[^>]*>/g)) {
    const id = attr(tag, 'Id');
    const target = attr(tag, 'Target');
    if (id && target) targets.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target}`);
  }
  const checks = new Map<string, Map<number, DocumentRefusal>>();
  for (const [tag] of decode('xl/workbook.xml').matchAll(/<(?:\w+:)?sheet\b[^>]*>/g)) {
    const name = xmlText(attr(tag, 'name') ?? '');
    const xml = decode(targets.get(attr(tag, 'r:id') ?? '') ?? '');
    const found = new Map<number, DocumentRefusal>();
    for (const [, ref] of xml.matchAll(/<(?:\w+:)?mergeCell\b[^>]*\sref="([A-Z]+\d+(?::[A-Z]+\d+)?)"/g)) {
      const row = Math.max(rowOf(ref!.split(':')[0]!), 0);
      if (!found.has(row)) found.set(row, refusal(row === 0 ? HEADER : ref!, 'import_merged_cells', { range: ref! }));
    }
    for (const [, attrs, inner] of xml.matchAll(/<(?:\w+:)?c\b([^>]*?)(?<!\/)>([\s\S]*?)<\/(?:\w+:)?c>/g)) {
      if (!/<(?:\w+:)?f[\s>/]/.test(inner!)) continue;
      const ref = attr(attrs!, 'r') ?? '?';
      const row = rowOf(ref);
      if (!found.has(row)) found.set(row, refusal(ref, 'import_formula', { cell: ref }));
    }
    checks.set(name, found);
  }
  try {
    const sheets = await readXlsxFile(bytes);
    return { sheets: sheets.map((s) => ({ name: s.sheet, rows: s.data as Cell[][], refusals: checks.get(s.sheet) ?? new Map() })) };
  } catch {
    return { refusal: refusal(FILE, 'import_not_xlsx') };
  }
}

/** A file of the folder a sheet reader can take, and a problem it has that belongs to no collection. */
export interface Sheets {
  /** The documents of a collection from every sheet and CSV file that fills it, in file order. */
  documents(collection: string): AsyncGenerator<Document>;
  /** Files or sheets no collection reads: their problems, said before the rows. */
  unplaced(): AsyncGenerator<Document>;
}

/**
 * The spreadsheets of a folder: `<collection>.csv` (or a kind's title, or `partners.csv`), and
 * `.xlsx` workbooks whose sheets are named after collections (a workbook of one sheet may be named
 * after its collection instead). Workbooks are read once per import and kept (they are capped).
 */
export function folderSheets(folder: string, registry: Registry): Sheets {
  const names = fs.existsSync(folder) ? fs.readdirSync(folder).sort() : [];
  const csv = names.filter((n) => n.toLowerCase().endsWith('.csv'));
  const xlsx = names.filter((n) => n.toLowerCase().endsWith('.xlsx'));
  const books = new Map<string, Promise<Workbook>>();
  const workbook = (name: string) => {
    let found = books.get(name);
    if (!found) books.set(name, (found = readWorkbook(path.join(folder, name))));
    return found;
  };
  const base = (name: string) => name.replace(/\.(csv|xlsx)$/i, '');
  const sheetCollection = (book: { sheets: WorkbookSheet[] }, file: string, sheet: WorkbookSheet) =>
    collectionNamed(registry, sheet.name) ?? (book.sheets.length === 1 ? collectionNamed(registry, base(file)) : undefined);
  const known = () => sheetCollections(registry).join(', ');

  async function* sheetRows(sheet: WorkbookSheet) {
    const whole = sheet.refusals.get(0);
    if (whole) {
      yield { row: 0, refusal: whole };
      return;
    }
    for (let i = 0; i < sheet.rows.length; i++) {
      const bad = sheet.refusals.get(i);
      yield bad ? { row: i, refusal: bad } : { row: i, cells: sheet.rows[i]! };
    }
  }

  return {
    async *documents(collection) {
      for (const name of csv) {
        if (collectionNamed(registry, base(name)) !== collection) continue;
        const size = fs.statSync(path.join(folder, name)).size;
        if (size > SHEET_LIMITS.csvBytes) {
          yield refused(name, 0, refusal(FILE, 'import_file_too_big', { size: megabytes(size), type: 'CSV', limit: megabytes(SHEET_LIMITS.csvBytes) }));
          continue;
        }
        yield* sheetDocuments(registry, name, collection, csvRecords(path.join(folder, name)));
      }
      for (const name of xlsx) {
        const book = await workbook(name);
        if ('refusal' in book) {
          if (collectionNamed(registry, base(name)) === collection) yield refused(name, 0, book.refusal);
          continue;
        }
        for (const sheet of book.sheets) {
          if (sheetCollection(book, name, sheet) !== collection) continue;
          yield* sheetDocuments(registry, `${name}[${sheet.name}]`, collection, sheetRows(sheet));
        }
      }
    },
    async *unplaced() {
      for (const name of csv)
        if (!collectionNamed(registry, base(name)))
          yield refused(name, 0, refusal(FILE, 'import_unknown_sheet', { value: JSON.stringify(base(name)), names: known() }));
      for (const name of xlsx) {
        const book = await workbook(name);
        if ('refusal' in book) {
          if (!collectionNamed(registry, base(name))) yield refused(name, 0, book.refusal);
          continue;
        }
        for (const sheet of book.sheets)
          if (!sheetCollection(book, name, sheet))
            yield refused(`${name}[${sheet.name}]`, 0, refusal(FILE, 'import_unknown_sheet', { value: JSON.stringify(sheet.name), names: known() }));
      }
    },
  };
}
