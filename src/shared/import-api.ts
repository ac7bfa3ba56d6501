import { z } from 'zod';
import { PARTNER_COLLECTION, type Registry } from './registry.ts';

// The old system's import on the web (issue 30 item 6, docs/decisions/0039-import-on-the-web.md):
// which files an upload may hold, its limits, and the report's shape, for the routes and the page.

/** The old system's collections besides the kinds' own (their registry `path`): the dashboard and the people. */
const OTHER_COLLECTIONS = [PARTNER_COLLECTION, 'dashboard', 'loggedInUsers', 'users'] as const;

/** The file names an export may hold: `<collection>.json`, one per collection. */
export function importFileNames(registry: Registry): string[] {
  return [...OTHER_COLLECTIONS, ...registry.kinds.map((k) => k.path)].map((c) => `${c}.json`);
}

/**
 * A spreadsheet's file name (decision 0041: `<collection>.csv`, a kind's title, `partners.csv`, or any
 * `.xlsx` workbook whose sheets are named so): letters, digits, spaces and a few marks, then `.csv` or
 * `.xlsx`; never a path, never a hidden file.
 */
export const isSheetName = (name: string) => /^[\p{L}\p{N}][\p{L}\p{M}\p{N} _.()&-]{0,99}\.(csv|xlsx)$/iu.test(name);

/** A file an upload may hold: one of the export's own names, or a spreadsheet. */
export const importableFile = (known: ReadonlySet<string>, name: string) => known.has(name) || isSheetName(name);

/** Limits of one upload (the server refuses past them; the page checks before sending). */
export const importLimits = {
  /** Files in one upload: every collection once, and no more. */
  files: 40,
  /** One collection's file, in MB (a real export's largest is some tens of MB). */
  fileMb: 64,
  /** Firebase's account export, read whole: a few people. */
  usersMb: 8,
  /** All the files together, in MB. */
  totalMb: 256,
} as const;

export const MB = 1024 * 1024;

/** The accountant's workbook (GET /api/export.xlsx) covers at most a year and a day: it is held whole while it is made. */
export const WORKBOOK_MAX_DAYS = 366;

/** The most report rows an answer carries (the counts always count all). */
export const IMPORT_ROWS_MAX = 5000;

/** The report's note of the old dashboard's figure against the entries' (offers booking the difference). */
export const DASHBOARD_NOTE = 'import_note_dashboard';
/** The longest reason for booking the old dashboard's difference as opening adjustments (`dashboard_reason`: an entry's note). */
export const DASHBOARD_REASON_MAX = 500;

export const importRowSchema = z.object({
  file: z.string(),
  row: z.number().int(),
  column: z.string(),
  value: z.string().nullable(),
  /** A code of shared/refusal-texts.ts (`import_*`, or a field's refusal). */
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  /** In the reader's language (the account's). */
  message: z.string(),
  kind: z.enum(['problem', 'note']),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importReportSchema = z.object({
  /** Records (partners, entries, people) new to the books: written when `imported` says so. */
  to_import: z.number().int(),
  already_imported: z.number().int(),
  with_problems: z.number().int(),
  /** Records written (0 on a dry run, or while problems stop the import). */
  imported: z.number().int(),
  batch_id: z.number().int().nullable(),
  rows: z.array(importRowSchema),
  /** Rows of the report past IMPORT_ROWS_MAX, not carried. */
  rows_left_off: z.number().int(),
  /** The old dashboard's figures differ from what the entries add up to (DASHBOARD_NOTE; said even when its rows are left off). */
  dashboard_differs: z.boolean(),
});
export type ImportReportAnswer = z.infer<typeof importReportSchema>;

export const importBatchSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  created_by: z.string(),
  source: z.string(),
  partners: z.number().int(),
  entries: z.number().int(),
  users: z.number().int(),
  voided_at: z.string().nullable(),
  voided_by: z.string().nullable(),
  void_reason: z.string().nullable(),
});
export type ImportBatch = z.infer<typeof importBatchSchema>;
