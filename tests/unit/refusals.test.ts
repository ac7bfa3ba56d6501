import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusals as bn } from '../../src/shared/refusals-bn.ts';
import { entryInputSchema, voidSchema } from '../../src/shared/entry-schemas.ts';
import { kindByName } from '../../src/shared/registry.ts';
import { type RefusalCode, readSpoken, refusal, refusalCodes, refusalTexts, say, speakingCodes } from '../../src/shared/refusals.ts';
import { HttpError, checkInput } from '../../src/server/http/validate.ts';
import { refusalIn, refusalTextOf, refusalsReady, setLanguage } from '../../src/web/lib/i18n.ts';
import { root } from './english-outside.ts';

// The refusal codes (src/shared/refusals.ts): one list, both languages, every code used, and the
// shared schemas' refusals read back as codes on the server and spoken in the reader's language.

const places = (text: string) => new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]));

function sourceText(dir: string): string {
  return fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .flatMap((d) => {
      const rel = `${dir}/${d.name}`;
      if (d.isDirectory()) return [sourceText(rel)];
      return /\.tsx?$/.test(d.name) && !/refusals\.ts$|messages-bn\.ts$/.test(d.name) ? [fs.readFileSync(path.join(root, rel), 'utf8')] : [];
    })
    .join('\n');
}

describe('the refusal codes', () => {
  beforeAll(() => Promise.all([refusalsReady('en'), refusalsReady('bn')]));
  afterAll(() => setLanguage('en'));

  it('are snake_case, each with an English and a Bangla text; Bangla names no place English lacks', () => {
    expect(Object.keys(bn).sort()).toEqual([...refusalCodes].sort());
    for (const code of refusalCodes) {
      expect(code).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(refusalTexts[code].trim(), code).not.toBe('');
      expect(bn[code].trim(), code).not.toBe('');
      expect(bn[code], code).not.toMatch(/\b(the|is|must|be|of|and)\b/);
      for (const p of places(bn[code])) expect(places(refusalTexts[code]).has(p), `${code}: {${p}}`).toBe(true);
    }
  });

  it('are each answered somewhere in src/ (a code nobody gives fails)', () => {
    const code = sourceText('src');
    const unused = refusalCodes.filter((c) => !code.includes(`'${c}'`));
    expect(unused).toEqual([]);
  });

  it('walk every code: the wire has the code, the English text (the field first) and the params; the web speaks it in Bangla', async () => {
    for (const code of refusalCodes) {
      const params = Object.fromEntries([...places(refusalTexts[code])].map((p) => [p as string, p === 'count' || p === 'id' ? 7 : `${p}-value`]));
      const r = refusal(code, params, 'paid_amount');
      expect(r.code).toBe(code);
      expect(r.message.startsWith('paid_amount: ')).toBe(true);
      expect(r.message).not.toMatch(/\{\w+\}/);
      const e = new HttpError(400, code, params);
      expect(e.refusal).toEqual({ code, message: e.message, ...(Object.keys(params).length ? { params } : {}) });
      await setLanguage('bn');
      const shown = refusalTextOf(r);
      expect(shown, code).toBe(refusalIn(code, params));
      expect(shown, code).not.toMatch(/\{\w+\}/);
      // Figures in Bengali digits.
      if ('count' in params || 'id' in params) expect(shown, code).not.toContain('7');
      await setLanguage('en');
      expect(refusalTextOf(r)).toBe(r.message.slice('paid_amount: '.length));
    }
  });

  it('writes a day (YYYY-MM-DD) as people read it, in either language', async () => {
    expect(refusal('made_too_long_ago', { day: '2026-11-18' }, 'made_at').message).toBe(
      'made_at: this entry was made on 18 November 2026, more than 3 days ago, and can no longer be sent: enter it again today',
    );
    await setLanguage('bn');
    expect(refusalIn('made_too_long_ago', { day: '2026-11-18' })).toContain('১৮ নভেম্বর ২০২৬');
    await setLanguage('en');
  });

  it('come back from the shared schemas as codes on the server, with the field and the figures', () => {
    const sale = kindByName('msWire')!;
    const missing = checkInput(entryInputSchema(sale), { price: '10' });
    expect(missing).toMatchObject({ ok: false, refusal: { code: 'field_required', field: expect.any(String), params: { field: expect.any(String) } } });
    const decimals = checkInput(entryInputSchema(sale), { name: 'A', size: '7', weight: '1', price: '1.234', paid_amount: '0', note: 'n' });
    expect(decimals).toMatchObject({ ok: false, refusal: { code: 'field_decimals', params: { digits: 2 } } });
    const stranger = checkInput(voidSchema, { reason: 'typed twice', nope: 1 });
    expect(stranger).toMatchObject({ ok: false, refusal: { code: 'not_a_field', field: 'nope', message: 'nope: is not a field here' } });
    // Outside a server parse the same schema speaks plain English (the CLI, the forms before a language is chosen).
    const plain = entryInputSchema(sale).safeParse({ price: '10' });
    expect(plain.success ? '' : plain.error.issues[0]?.message).toMatch(/ is required$/);
    // An empty form hears of its party with everything else at once; a partner_id alone names the party.
    const empty = entryInputSchema(sale).safeParse({});
    expect(empty.success ? [] : empty.error.issues.map((i) => i.path.join('.'))).toEqual(
      expect.arrayContaining(['name', 'size', 'weight', 'price', 'paid_amount']),
    );
    const byId = entryInputSchema(sale).safeParse({ partner_id: '7', size: '7', weight: '1', price: '1', paid_amount: '0', discount_amount: '0', note: 'n' });
    expect(byId.success).toBe(true);
    expect(readSpoken(say('fill_one'))).toBeUndefined();
    expect(speakingCodes(() => readSpoken(say('fill_one')))).toEqual({ code: 'fill_one', params: {} });
  });

  it('are spoken by the forms in the chosen language, words of the registry included', async () => {
    await setLanguage('bn');
    const sale = kindByName('msWire')!;
    const r = entryInputSchema(sale).safeParse({ price: '10' });
    const message = r.success ? '' : (r.error.issues[0]?.message ?? '');
    expect(message).toMatch(/দিতে হবে$/);
    expect(message).not.toMatch(/[A-Za-z]/);
    await setLanguage('en');
  });

  it('keep an unknown code’s text as it came (an older server, another service)', async () => {
    await setLanguage('en');
    expect(refusalTextOf({ code: 'SOMETHING_ELSE', message: 'As it came' })).toBe('As it came');
    const known: RefusalCode = 'not_admin';
    expect(refusalTextOf({ code: known, message: 'ignored' })).toBe('you are not admin');
  });
});
