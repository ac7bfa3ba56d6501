import { useSyncExternalStore } from 'react';
import { setDateLanguage } from '../../shared/dates';
import { waitBeforeRefusals } from './api';
import { toBengaliDigits } from '../../shared/digits';
import { setFigureLanguage, setWordTranslator } from './format';
import { LANG_KEY, rememberLanguage } from './lang-memory';
import { type Lang, type MessageKey, type Messages, messages as en } from '../../shared/messages';
import type { RefusalCode, RefusalParams, Refusals } from '../../shared/refusal-texts';
import { setSpeaker, speak } from '../../shared/say';

// The interface language. English is built in; Bangla (its catalogue and the registry's words)
// is loaded when chosen. Components read texts with `useMessages()` and re-render in place when
// the language changes; English words that arrive as data (the registry's labels and choices)
// are shown through `tr()`; refusals, the server's and the forms', are spoken from their codes
// (`refusalIn`, and the shared schemas' speaker) in the chosen language. The refusals' texts are
// fetched when first needed (`refusalsReady`, which the forms and the API client wait for), so a
// first screen carries none of them.
export type { Lang } from '../../shared/messages';

let lang: Lang = 'en';
let dict: Messages = en;
let bnDict: Messages | null = null;
const refusals: Partial<Record<Lang, Refusals>> = {};
let reverse = new Map<string, string>();
const listeners = new Set<() => void>();

const FIGURE = /^[\d,.]+$/;

/**
 * A screen's own texts in both languages, kept beside the screen (features/<x>/texts.ts) so that
 * they come with its chunk rather than with every first screen; Bangla must have every key.
 */
export interface Texts<K extends string> {
  readonly en: Readonly<Record<K, string>>;
  readonly bn: Readonly<Record<K, string>>;
}

// The screens' own English texts and their Bangla, for `tr()` (a figure's name that arrives as data).
const screenTerms = new Map<string, string>();

export function textsOf<const E extends Record<string, string>>(en: E, bn: Readonly<Record<keyof E, string>>): Texts<keyof E & string> {
  for (const [key, text] of Object.entries(en)) if (!text.includes('{')) screenTerms.set(text, bn[key as keyof E]);
  return { en, bn };
}

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
  }
  // Refusals already needed in one language are needed in the other (an open form's, the outbox's).
  if (refusals.en || refusals.bn) await refusalsReady(next);
  lang = next;
  dict = next === 'bn' ? (bnDict ?? en) : en;
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
  const exact = reverse.get(text) ?? screenTerms.get(text);
  if (exact !== undefined) return exact;
  if (FIGURE.test(text)) return toBengaliDigits(text);
  return text;
}

const loading: Partial<Record<Lang, Promise<void>>> = {};

/**
 * Fetches the refusals' texts of a language (the current one by default) the first time; the
 * screens reading them are drawn again when they come. Waited for before a form checks its
 * fields and before a refused answer is read, so a refusal is never shown before its words.
 */
export function refusalsReady(which: Lang = lang): Promise<void> {
  if (refusals[which]) return Promise.resolve();
  const load =
    loading[which] ??
    (which === 'bn' ? import('../../shared/refusals-bn').then((m) => m.refusals) : import('../../shared/refusal-texts').then((m) => m.refusalTexts))
      .then((texts) => {
        refusals[which] = texts;
        dict = { ...dict };
        for (const l of listeners) l();
      })
      .finally(() => delete loading[which]);
  loading[which] = load;
  return load;
}

/** A refusal (a code of shared/refusal-texts.ts and its params) in the current language; its code until its words have come. */
export function refusalIn(code: RefusalCode, params?: RefusalParams): string {
  const texts = refusals[lang];
  if (!texts) {
    void refusalsReady().catch(() => undefined);
    return code;
  }
  return speak(texts, lang, code, params, tr);
}

// A refused answer is thrown once its words are here.
waitBeforeRefusals(() => refusalsReady());

// The shared schemas' refusals, in the forms, are spoken in the current language when they fail.
setSpeaker(refusalIn);

/** What a person reads for a refusal that came as data: by its code when it has one of ours, else its text. */
export function refusalTextOf(r: { code?: unknown; params?: RefusalParams; message?: string } | undefined): string {
  const texts = refusals[lang];
  if (r && typeof r.code === 'string' && texts && Object.hasOwn(texts, r.code)) return refusalIn(r.code as RefusalCode, r.params);
  if (!texts) void refusalsReady().catch(() => undefined);
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

/** What `useTexts(texts)` gives: the catalogue and those texts. */
export type WordsOf<T extends Texts<string>> = Messages & Readonly<T['en']>;

const withTexts = new WeakMap<Messages, Map<Texts<string>, Messages>>();

/** The catalogue's texts and a screen's own (`textsOf`), in the current language, as one object. */
export function useTexts<K extends string>(texts: Texts<K>): Messages & Readonly<Record<K, string>> {
  const all = useMessages();
  const now = useLanguage();
  // Keyed by the catalogue object, which is replaced whenever the language or its refusals change.
  let byTexts = withTexts.get(all);
  if (!byTexts) withTexts.set(all, (byTexts = new Map()));
  let both = byTexts.get(texts);
  if (!both) byTexts.set(texts, (both = { ...all, ...texts[now] }));
  return both as Messages & Readonly<Record<K, string>>;
}

// Registry words in lists and statements (formatCell's 'choice') follow the language too.
setWordTranslator(tr);
