import { useSyncExternalStore } from 'react';
import { setDateLanguage } from '../../shared/dates';
import { toBengaliDigits } from '../../shared/digits';
import { setFigureLanguage, setWordTranslator } from './format';
import { LANG_KEY, rememberLanguage } from './lang-memory';
import { type Lang, type MessageKey, type Messages, messages as en } from '../../shared/messages';
import { type RefusalCode, type RefusalParams, type Refusals, isRefusalCode, refusalTexts, setSpeaker, speak } from '../../shared/refusals';

// The interface language. English is built in; Bangla (its catalogue and the registry's words)
// is loaded when chosen. Components read texts with `useMessages()` and re-render in place when
// the language changes; English words that arrive as data (the registry's labels and choices)
// are shown through `tr()`; refusals, the server's and the forms', are spoken from their codes
// (`refusalIn`, and the shared schemas' speaker) in the chosen language.
export type { Lang } from '../../shared/messages';

let lang: Lang = 'en';
let dict: Messages = en;
let bnDict: Messages | null = null;
let refusals: Refusals = refusalTexts;
let bnRefusals: Refusals | null = null;
let reverse = new Map<string, string>();
const listeners = new Set<() => void>();

const FIGURE = /^[\d,.]+$/;

function index(bn: Messages, terms: Readonly<Record<string, string>>) {
  reverse = new Map(Object.entries(terms));
  for (const key of Object.keys(en) as MessageKey[]) if (!en[key].includes('{')) reverse.set(en[key], bn[key]);
}

/** Called whenever the language changes: dates, figures and the page's lang follow. */
function applyLanguage(next: Lang) {
  setDateLanguage(next);
  setFigureLanguage(next);
  if (typeof document !== 'undefined') document.documentElement.lang = next;
}

// How long Bangla's first drawing waits for its fonts at most; past it, they are swapped in when they come.
const FONT_WAIT_MS = 3000;

/**
 * Bangla's two font weights (app.css), so its first drawing has its final widths: a bold weight
 * arriving after a table is drawn widens its columns and moves its rows (a layout shift). A page
 * served in Bangla asks for both at once; one served in English before the switch does not.
 */
function bengaliFonts(): Promise<unknown> {
  if (typeof document === 'undefined' || !document.fonts) return Promise.resolve();
  const loads = ['400', '700'].map((weight) => document.fonts.load(`${weight} 1em "Noto Sans Bengali"`, 'অ').catch(() => []));
  return Promise.race([Promise.all(loads), new Promise((done) => setTimeout(done, FONT_WAIT_MS))]);
}

/** Switches the interface; Bangla's catalogue (and its fonts) are fetched the first time it is chosen. */
export async function setLanguage(next: Lang): Promise<void> {
  if (next === 'bn' && !reverse.size) {
    const [bn] = await Promise.all([import('../../shared/messages-bn'), bengaliFonts()]);
    index(bn.messages, bn.terms);
    bnDict = bn.messages;
    bnRefusals = bn.refusals;
  }
  lang = next;
  dict = next === 'bn' ? (bnDict ?? en) : en;
  refusals = next === 'bn' ? (bnRefusals ?? refusalTexts) : refusalTexts;
  rememberLanguage(next);
  applyLanguage(next);
  for (const l of listeners) l();
}

/** The language this browser chose last (English when none). */
export function storedLanguage(): Lang {
  try {
    return localStorage.getItem(LANG_KEY) === 'bn' ? 'bn' : 'en';
  } catch {
    return 'en';
  }
}

export const currentLanguage = () => lang;

/**
 * An English word or text of the catalogue or the registry, in the current language (looked up
 * whole: a sentence with figures or names in it is never taken apart); a figure ('10,00,000') in
 * the language's digits; anything else (a name) as it is.
 */
export function tr(text: string): string {
  if (lang === 'en' || !text) return text;
  const exact = reverse.get(text);
  if (exact !== undefined) return exact;
  if (FIGURE.test(text)) return toBengaliDigits(text);
  return text;
}

/** A refusal (a code of shared/refusals.ts and its params) in the current language. */
export const refusalIn = (code: RefusalCode, params?: RefusalParams) => speak(refusals, lang, code, params, tr);

// The shared schemas' refusals, in the forms, are spoken in the current language when they fail.
setSpeaker(refusalIn);

/** What a person reads for a refusal that came as data: by its code when it has one of ours, else its text. */
export function refusalTextOf(r: { code?: unknown; params?: RefusalParams; message?: string } | undefined): string {
  if (r && isRefusalCode(r.code)) return refusalIn(r.code, r.params);
  return r?.message ?? '';
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

// The server's snapshot is the current language too: the build renders the Bangla home page
// after `setLanguage('bn')` (scripts/static-home.mjs). In the browser it is English until the
// first `setLanguage`, which runs after hydration, so hydration always sees English.
const currentDict = () => dict;
export const currentMessages = currentDict;

/** The current language's texts; the component re-renders when the language changes. */
export function useMessages(): Messages {
  return useSyncExternalStore(subscribe, currentDict, currentDict);
}

export function useLanguage(): Lang {
  return useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
}

// Registry words in lists and statements (formatCell's 'choice') follow the language too.
setWordTranslator(tr);
