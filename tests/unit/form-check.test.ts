import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { entryInputSchema } from '../../src/shared/entry-schemas.ts';
import { registry } from '../../src/shared/registry.ts';
import { entryCheck } from '../../src/web/features/books/use-entry-defaults.ts';
import { checkedBy } from '../../src/web/lib/form-check.ts';

// A form hands its check its live values, and the check first waits for the refusals' words (a
// chunk fetched on a first check). A person who clicks Submit and at once clears a field to type
// again must not have the cleared form pass and be sent (it was: a late voucher saved as today).
const options = { fields: {}, names: [], shouldUseNativeValidation: false } as never;

// An MS wire sale as the form holds it (the party picked: its name and id).
const sale = { name: 'Rahim Traders', partner_id: '7', size: '8', weight: '10', price: '100', paid_amount: '0', discount_amount: '0', note: 'slip' };

describe('a form check reads the values as they were when it began', () => {
  it('refuses what was submitted, though the field was emptied while the words loaded', async () => {
    const check = checkedBy<{ day: string }>(z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }), { typed: true });
    const live = { day: '31/02/2026' };
    const pending = check(live, undefined, options);
    live.day = '2026-11-05';
    const result = await pending;
    expect(Object.keys(result.errors)).toEqual(['day']);
  });

  it('passes on what it checked: that, as typed, is what the submit gets', async () => {
    const check = checkedBy<{ name: string }>(z.object({ name: z.string().trim().min(1) }), { typed: true });
    const live = { name: ' Rahim ' };
    const pending = check(live, undefined, options);
    live.name = '';
    const result = await pending;
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ name: ' Rahim ' });
  });

  /** The MS wire form's check, begun on `typed`, which `meanwhile` then changes as a person would go on typing. */
  async function saleChecked(typed: Record<string, string>, meanwhile: (live: Record<string, string>) => void) {
    const kind = registry.kinds.find((k) => k.group === 'cashIn' && k.pricing === 'weight' && k.stock)!;
    const live = { ...sale, backdate_reason: '', ...typed };
    const pending = entryCheck(entryInputSchema(kind), '2026-11-26', false)(live, undefined, options);
    meanwhile(live);
    return pending;
  }

  it('the entry form: an impossible day submitted, then the day cleared to type again, is refused, not saved as today', async () => {
    const result = await saleChecked({ issue_date: '৩১/০২/২০২৬' }, (live) => (live.issue_date = ''));
    expect(Object.keys(result.errors)).toEqual(['issue_date']);
  });

  it('the entry form: a late day without its reason is refused though the reason is typed meanwhile', async () => {
    const result = await saleChecked({ issue_date: '2026-11-05' }, (live) => (live.backdate_reason = 'found in the drawer'));
    expect(Object.keys(result.errors)).toEqual(['backdate_reason']);
  });

  it('the entry form: a late day with its reason passes as typed, though the day is emptied meanwhile', async () => {
    const result = await saleChecked({ issue_date: '2026-11-05', backdate_reason: 'found in the drawer' }, (live) => (live.issue_date = ''));
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ issue_date: '2026-11-05', backdate_reason: 'found in the drawer', weight: '10' });
  });
});
