import fs from 'node:fs';
import type { RefusalCode, RefusalParams } from '../../../shared/refusals.ts';

// Reading a mongoexport file one document at a time (the file is never read whole): JSON lines
// (mongoexport's default) or one JSON array (--jsonArray, pretty-printed or not), in MongoDB's
// extended JSON. Row N is the file's N-th document.

/** What a document's source says is wrong with it (a spreadsheet row: a formula, a cell past the headers), in its column. */
export interface DocumentRefusal {
  column: string;
  code: RefusalCode;
  params: RefusalParams;
}

/**
 * A document of the file, or why its text is not one. `file` names where it came from when that
 * is not the collection's JSON file (a CSV file, a workbook's sheet: `books.xlsx[mWireData]`).
 */
export type Document = { row: number; doc: Record<string, unknown>; file?: string } | { row: number; error: string; file?: string; refusal?: DocumentRefusal };

/** Extended JSON's wrappers as plain values: `$oid` its hex, `$date` a Date, numbers numbers; `$numberDecimal` its exact text. */
export function plainValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plainValue);
  if (value === null || typeof value !== 'object') return value;
  const o = value as Record<string, unknown>;
  const keys = Object.keys(o);
  if (keys.length === 1) {
    const [key] = keys as [string];
    const inner = o[key];
    switch (key) {
      case '$oid':
        return String(inner);
      case '$numberDouble':
      case '$numberInt':
      case '$numberLong':
        return Number(inner);
      case '$numberDecimal':
        return String(inner);
      case '$date': {
        const at = plainValue(inner);
        return new Date(typeof at === 'string' || typeof at === 'number' ? at : NaN);
      }
    }
  }
  return Object.fromEntries(keys.map((k) => [k, plainValue(o[k])]));
}

function parsed(row: number, text: string): Document {
  try {
    const value: unknown = JSON.parse(text);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return { row, error: 'not an object' };
    return { row, doc: plainValue(value) as Record<string, unknown> };
  } catch (error) {
    return { row, error: (error as Error).message };
  }
}

/**
 * The documents of a file in order. A JSON array is split at its top-level commas by a scan that
 * follows strings and nesting, so one document at a time is held; JSON lines are read line by line.
 */
export async function* readDocuments(file: string): AsyncGenerator<Document> {
  let mode: 'unknown' | 'lines' | 'array' | 'done' = 'unknown';
  let row = 0;
  let current = '';
  // The array scan's state, kept across chunks.
  let depth = 0;
  let inString = false;
  let escaped = false;
  for await (const chunk of fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 16 })) {
    let text = chunk as string;
    if (mode === 'unknown') {
      const start = text.search(/\S/);
      if (start === -1) continue;
      mode = text[start] === '[' ? 'array' : 'lines';
      if (mode === 'array') text = text.slice(start + 1);
    }
    if (mode === 'lines') {
      const lines = (current + text).split('\n');
      current = lines.pop() ?? '';
      for (const line of lines) if (line.trim() !== '') yield parsed(++row, line);
      continue;
    }
    if (mode === 'done') continue;
    let from = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (c === 92 /* \ */) escaped = true;
        else if (c === 34 /* " */) inString = false;
      } else if (c === 34) inString = true;
      else if (c === 123 /* { */ || c === 91 /* [ */) depth++;
      else if (c === 125 /* } */ || c === 93 /* ] */) {
        if (depth === 0 && c === 93) {
          current += text.slice(from, i);
          if (current.trim() !== '') yield parsed(++row, current);
          current = '';
          mode = 'done';
          break;
        }
        depth--;
      } else if (c === 44 /* , */ && depth === 0) {
        yield parsed(++row, current + text.slice(from, i));
        current = '';
        from = i + 1;
      }
    }
    if (mode === 'array') current += text.slice(from);
  }
  if (mode === 'lines' && current.trim() !== '') yield parsed(++row, current);
  if (mode === 'array') yield { row: row + 1, error: 'the array does not end' };
}
