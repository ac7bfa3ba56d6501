import { describe, expect, it } from 'vitest';
import { loginSchema } from '../../src/shared/auth-schemas.ts';
import { refusalTexts } from '../../src/shared/refusal-texts.ts';
import { refusals as bn } from '../../src/shared/refusals-bn.ts';
import { checkedBy } from '../../src/web/lib/form-check.ts';
import { refusalIn, refusalTextOf, setLanguage } from '../../src/web/lib/i18n.ts';

// The browser fetches the refusals' words when first needed (src/web/lib/i18n.ts): a form's check
// waits for them, so its first refusal already reads in the chosen language. This file's modules
// are fresh (Vitest isolates files): nothing has asked for the words before.
describe('the refusals’ words, fetched when first needed', () => {
  it('a form checked before any refusal was shown says it in Bangla, not as a code', async () => {
    await setLanguage('bn');
    const check = checkedBy<{ email: string; password: string }>(loginSchema);
    const result = await check({ email: '', password: '' }, undefined, { fields: {}, shouldUseNativeValidation: false });
    const said = Object.values(result.errors).map((e) => e?.message);
    expect(said.length).toBeGreaterThan(0);
    for (const text of said) {
      expect(text).toMatch(/[\u0980-\u09FF]/);
      expect(Object.keys(refusalTexts)).not.toContain(text);
    }
    // The server's refusal with its code reads in Bangla too, now that the words are here.
    expect(refusalTextOf({ code: 'not_found', message: 'not found' })).toBe(bn.not_found);
    await setLanguage('en');
    expect(refusalIn('not_found')).toBe(refusalTexts.not_found);
  });
});
