import { useSyncExternalStore } from 'react';
import { setDateLanguage } from '../../shared/dates';
import { toBengaliDigits } from '../../shared/digits';
import { setFigureLanguage, setWordTranslator } from './format';
import { LANG_KEY, rememberLanguage } from './lang-memory';
import { type Lang, type MessageKey, type Messages, fill, messages as en, patternKeys } from '../../shared/messages';

// The interface language. English is built in; Bangla (its catalogue and the registry's words)
// is loaded when chosen. Components read texts with `useMessages()` and re-render in place when
// the language changes; English texts that arrive as data (the registry's labels, the server's
// messages, the schemas' messages) are shown through `tr()`.
export type { Lang } from '../../shared/messages';

let lang: Lang = 'en';
let dict: Messages = en;
let bnDict: Messages | null = null;
let reverse = new Map<string, string>();
let templates: { re: RegExp; names: string[]; bn: string }[] = [];
const listeners = new Set<() => void>();

const FIGURE = /^[\d,.]+$/;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function index(bn: Messages, terms: Readonly<Record<string, string>>) {
  reverse = new Map(Object.entries(terms));
  templates = [];
  const patterns = new Set<MessageKey>(patternKeys);
  for (const key of Object.keys(en) as MessageKey[]) {
    const text = en[key];
    if (!text.includes('{')) reverse.set(text, bn[key]);
    else if (patterns.has(key)) {
      const names = [...text.matchAll(/\{(\w+)\}/g)].map((x) => x[1] ?? '');
      const re = new RegExp(`^${escape(text).replace(/\\\{\w+\\\}/g, '(.+?)')}$`, 's');
      templates.push({ re, names, bn: bn[key] });
    }
  }
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

/** An English text of the catalogue, the registry or the server, in the current language. */
export function tr(text: string): string {
  if (lang === 'en' || !text) return text;
  const exact = reverse.get(text);
  if (exact !== undefined) return exact;
  // A figure inside a message ("at most 10,00,000") is written in the language's digits.
  if (FIGURE.test(text)) return toBengaliDigits(text);
  for (const t of templates) {
    const match = t.re.exec(text);
    if (!match) continue;
    const parts = t.names.map((n, i) => [n, match[i + 1] ?? ''] as const);
    // '{field} must be {noun}' fits many a sentence; it is this one only when its noun is a known word.
    if (parts.some(([n, v]) => n === 'noun' && !reverse.has(v))) continue;
    return fill(t.bn, Object.fromEntries(parts.map(([n, v]) => [n, tr(v)])));
  }
  // The server's "field: message".
  const colon = text.indexOf(': ');
  if (colon > 0) return `${tr(text.slice(0, colon))}: ${tr(text.slice(colon + 2))}`;
  return text;
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
