import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { formatLongDate, formatShortMonth, formatYear } from '../../src/shared/dates.ts';
import { messages as bn, terms } from '../../src/shared/messages-bn.ts';
import { type MessageKey, messages as en } from '../../src/shared/messages.ts';
import {
  kinds,
  months,
  openingDueSides,
  adjustmentSides,
  partnerCategories,
  partnerFields,
  expenseTypes,
  registry,
  serverKinds,
  sheetLabels,
} from '../../src/shared/registry.ts';
import { historyMenuOf, logColumnsOf, sidebarOf, statementLayouts } from '../../src/shared/registry-views.ts';
import { navLinks } from '../../src/shared/navigation.ts';
import { refusalsReady, setLanguage, tr } from '../../src/web/lib/i18n.ts';
import { titleIn } from '../../src/web/lib/title.ts';
import { fieldMessage, parseDecimal, units } from '../../src/shared/money.ts';
import { englishIn, root, untranslated, webFiles } from './english-outside.ts';

// The catalogue (src/shared/messages.ts, English, and messages-bn.ts, Bangla) and the registry's
// Bangla words (registry-bn.ts): the same keys in both languages, every key used, every registry
// text translated, and no user-visible English written in a component instead of the catalogue.

const keys = Object.keys(en) as MessageKey[];
const places = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((d) => {
    const rel = `${dir}/${d.name}`;
    if (d.isDirectory()) return sourceFiles(rel);
    return /\.(ts|tsx)$/.test(d.name) ? [rel] : [];
  });
}

/** Every text the registry, its views and the header's links show. */
function registryTexts(): Set<string> {
  const out = new Set<string>();
  const add = (s: string | undefined) => {
    if (s && /[A-Za-z]/.test(s)) out.add(s);
  };
  for (const k of kinds) {
    const kind = k as (typeof kinds)[number] & Record<string, unknown>;
    add(kind.title);
    add(kind.button as string | undefined);
    add(kind.dashboard.label);
    add((kind.dashboard as { partnerColumn?: { header: string } }).partnerColumn?.header);
    const log = kind.log as { title: string; columns: { header?: string }[] } | undefined;
    add(log?.title);
    for (const c of log?.columns ?? []) add(c.header);
    const l = kind.lifecycle as { value: { label: string }; header: string; button: string; submit: string; entry?: { title: string } } | undefined;
    if (l) for (const s of [l.value.label, l.header, l.button, l.submit, l.entry?.title]) add(s);
    for (const f of kind.fields) {
      add(f.label);
      if (f.input.type === 'choice') add(f.input.placeholder);
    }
    for (const c of logColumnsOf(kind)) add(c.header);
  }
  // The kinds the server writes itself (a day close's cash short or over): their titles are listed.
  for (const k of serverKinds) add(k.title);
  for (const f of partnerFields) add(f.label);
  for (const x of [...partnerCategories, ...months, ...expenseTypes, ...openingDueSides, ...adjustmentSides, ...sheetLabels]) add(x);
  for (const g of [...sidebarOf(registry), ...historyMenuOf(registry)]) {
    add(g.title);
    for (const p of g.pages) add(p.page.label);
  }
  for (const cols of Object.values(statementLayouts)) for (const c of cols) add(c.header);
  for (const n of navLinks) add(n.label);
  return out;
}

describe('the catalogue', () => {
  it('has the same keys in English and Bangla, each text filled, with the same {places}', () => {
    expect(Object.keys(bn).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      expect(bn[key].trim(), key).not.toBe('');
      expect(places(bn[key]), key).toEqual(places(en[key]));
    }
  });

  it('uses every key somewhere in src/ (a key nobody reads fails)', () => {
    const catalogue = fs.readFileSync(path.join(root, 'src/shared/messages.ts'), 'utf8').replace(/export const messages = \{[\s\S]*?\n\} as const;/, '');
    const code = sourceFiles('src')
      .filter((f) => f !== 'src/shared/messages.ts' && f !== 'src/shared/messages-bn.ts')
      .map((f) => fs.readFileSync(path.join(root, f), 'utf8'))
      .join('\n')
      .concat(catalogue);
    // A spec text no screen shows today is kept for the contract (SPEC.md §toasts).
    const keptForSpec = new Set<MessageKey>(['refreshNow']);
    const unused = keys.filter((k) => !keptForSpec.has(k) && !new RegExp(`(\\.${k}\\b|'${k}')`).test(code));
    expect(unused).toEqual([]);
  });

  it('has Bangla for every text of the registry, and no word the registry no longer has', () => {
    const texts = registryTexts();
    expect([...texts].filter((t) => !Object.hasOwn(terms, t))).toEqual([]);
    expect(Object.keys(terms).filter((t) => !texts.has(t))).toEqual([]);
  });
});

describe('no user-visible English outside the catalogue', () => {
  it('finds English in JSX text and in text props (the check itself works)', () => {
    expect(englishIn('const a = <p title="Hello">Save it <b>{m.ok}</b></p>;')).toEqual(['title="Hello"', 'Save it']);
    expect(englishIn('const a = <p aria-label={m.x} className="btn">{m.y} · KG</p>;')).toEqual(['· KG']);
    expect(englishIn('const a = <span>KG</span>;')).toEqual([]);
  });

  it('no component in src/web writes English text or text props itself', () => {
    const hits = webFiles().flatMap((f) => englishIn(fs.readFileSync(path.join(root, f), 'utf8'), f).map((h) => `${f}: ${h}`));
    expect(hits).toEqual([]);
  });

  it("tr('…') is only given texts the catalogue or the registry knows", () => {
    const known = new Set([...Object.values(en), ...Object.keys(terms), ...untranslated]);
    const unknown: string[] = [];
    for (const f of webFiles()) {
      const sf = ts.createSourceFile(f, fs.readFileSync(path.join(root, f), 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
      const visit = (node: ts.Node) => {
        if (ts.isCallExpression(node) && node.expression.getText(sf) === 'tr' && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
          if (!known.has(node.arguments[0].text)) unknown.push(`${f}: ${node.arguments[0].text}`);
        }
        ts.forEachChild(node, visit);
      };
      visit(sf);
    }
    expect(unknown).toEqual([]);
  });
});

describe('texts in Bangla', () => {
  afterAll(() => setLanguage('en'));

  it('translates catalogue texts and registry words whole, figures into Bangla digits, and nothing else', async () => {
    expect(tr('Weight (KG)')).toBe('Weight (KG)');
    await setLanguage('bn');
    expect(tr(en.close)).toBe(bn.close);
    expect(tr('Weight (KG)')).toBe('ওজন (কেজি)');
    expect(tr('10,00,000')).toBe('১০,০০,০০০');
    expect(titleIn('Dashboard · AMA Metal & Wire Industries')).toBe('ড্যাশবোর্ড · AMA Metal & Wire Industries');
    // A name, or a sentence with a registry word in it, is shown as it is: nothing is taken apart.
    expect(tr('Rahim & Sons')).toBe('Rahim & Sons');
    expect(tr('Weight (KG) is required')).toBe('Weight (KG) is required');
  });

  it('speaks every refusal of a typed figure, for every unit, in Bangla with Bangla digits', async () => {
    await setLanguage('bn');
    await refusalsReady();
    const seen = new Set<string>();
    for (const unit of Object.values(units))
      for (const input of ['-1', 'abc', '1.0001', '99999999999', '', Number.NaN]) {
        const r = parseDecimal(input, unit);
        if (r.ok) throw new Error(`${String(input)} was accepted`);
        const shown = fieldMessage('Paid Amount', r);
        seen.add(shown);
        // Nothing left in English: the label, the sentence, the unit's noun and the digits.
        expect(shown, shown).not.toMatch(/[A-Za-z0-9]/);
      }
    expect(seen).toContain('পরিশোধিত সর্বোচ্চ ১০,০০,০০,০০,০০০ হতে পারে');
    expect(seen).toContain('পরিশোধিত টাকার অঙ্ক হতে হবে, যেমন ১২৫০.৫০');
    expect(seen).toContain('পরিশোধিত ঋণাত্মক হতে পারে না');
    expect(seen).toContain('পরিশোধিত দশমিকের পরে সর্বোচ্চ ২ অঙ্ক হতে পারে');
    expect(seen).toContain('পরিশোধিত দিতে হবে');
    await setLanguage('en');
    const r = parseDecimal('-1', units.money);
    expect(r.ok ? '' : fieldMessage('Paid Amount', r)).toBe('Paid Amount cannot be negative');
  });

  it('writes dates as ২৩ নভেম্বর ২০২৬ (by hand: ICU puts a comma after the month)', () => {
    const day = new Date('2026-11-23T12:00:00Z');
    expect(formatLongDate(day, 'bn')).toBe('২৩ নভেম্বর ২০২৬');
    expect(formatLongDate(new Date('2026-02-05T12:00:00Z'), 'bn')).toBe('৫ ফেব্রুয়ারি ২০২৬');
    expect(formatLongDate(day, 'en')).toBe('23 November 2026');
  });

  it("names a chart's months short in either language, and its years in the language's digits", () => {
    const nov = new Date('2026-11-01T00:00:00Z');
    expect(formatShortMonth(nov, 'en')).toBe('Nov');
    expect(formatShortMonth(nov, 'bn')).toBe('নভে');
    expect(formatYear('2026', 'bn')).toBe('২০২৬');
    expect(formatYear('2026', 'en')).toBe('2026');
  });
});
