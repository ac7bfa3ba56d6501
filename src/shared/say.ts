import { formatLongDate } from './dates.ts';
import { toBengaliDigits } from './digits.ts';
import { type Lang, fill } from './messages.ts';
import type { RefusalCode, RefusalParams, Refusals } from './refusal-texts.ts';

// How the shared schemas word a refusal. The schemas are one set for the server and the forms:
// the forms show the words in the chosen language (the web sets its speaker, src/web/lib/i18n.ts),
// and the server reads the code back (`readSpoken` in refusals.ts): while it parses and reads the
// issues (zod words an issue when it is first read), its speaker writes the code and the params
// into the message, the only place zod keeps from a check. Both are synchronous, so the
// speaker in force then is that parse's alone. This module holds no texts: the browser's first
// screen carries none of them (refusals.ts makes the server's speaker English).
export type Speaker = (code: RefusalCode, params: RefusalParams) => string;
let speaker: Speaker = (code) => code;

/** The text of a refusal, spoken now (for a zod check's `error`: called when the check fails). */
export const say = (code: RefusalCode, params: RefusalParams = {}) => speaker(code, params);

/** A zod check's error option that says `code` when it fails. */
export const saying = (code: RefusalCode, params?: RefusalParams) => ({ error: () => say(code, params) });

/** Makes `next` the speaker; answers the one it replaces. */
export function setSpeaker(next: Speaker): Speaker {
  const before = speaker;
  speaker = next;
  return before;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A refusal's text in a language: its params filled in, a day ('2026-11-22') written as people
 * read it, a figure in the language's digits, and a word (a label, a category) through `word`.
 */
export function speak(texts: Refusals, lang: Lang, code: RefusalCode, params: RefusalParams = {}, word: (text: string) => string = (t) => t): string {
  const shown: RefusalParams = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'number') shown[name] = lang === 'bn' ? toBengaliDigits(String(value)) : String(value);
    else if (ISO_DAY.test(value)) shown[name] = formatLongDate(new Date(`${value}T12:00:00Z`), lang);
    else shown[name] = word(value);
  }
  return fill(texts[code], shown);
}
