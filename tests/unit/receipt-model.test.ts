import { describe, expect, it } from 'vitest';
import { receiptModel } from '../../src/web/features/books/receipt.tsx';

// A receipt's content comes from the entry's kind in the registry: one model for every kind.

const NBSP = '\u00a0';
const stamps = { id: 7, issue_date: '2026-11-23', issued_by: 'Karim Accounts', voided: false };

describe('receiptModel', () => {
  it('lists a sale’s fields in their formats and writes the paid amount in words', () => {
    const r = receiptModel({
      ...stamps,
      kind: 'msWire',
      title: 'MS Wire Form',
      name: 'Rahim Traders',
      size: '12',
      weight: 1234.567,
      price: 89.99,
      paid_amount: 100000,
      discount_amount: 98.68,
      total_price: 111098.68,
      due_amount: 11000,
      note: 'first order',
    });
    expect(r.title).toBe('MS Wire Form');
    expect(r.party).toBe('Rahim Traders');
    const line = (label: string) => r.lines.find((l) => l.label === label)?.value;
    expect(line('Weight (KG)')).toBe('1,234.567');
    expect(line('Paid Amount')).toBe(`৳${NBSP}1,00,000.00`);
    expect(line('Total Price')).toBe(`৳${NBSP}1,11,098.68`);
    expect(r.lines.some((l) => l.value === 'Rahim Traders')).toBe(false);
    expect(r.words).toBe('Taka One Lakh Only');
  });

  it('gives an entry the server made (an asset’s sale) its paid amount, note and words', () => {
    const r = receiptModel({ ...stamps, kind: 'assetSale', title: 'Asset Sale', name: 'Lathe', paid_amount: 4200.75, note: 'Sale of asset #3' });
    expect(r.title).toBe('Asset Sale');
    expect(r.party).toBe('Lathe');
    expect(r.lines).toEqual([
      { label: 'Paid Amount', value: `৳${NBSP}4,200.75`, money: true },
      { label: 'Note', value: 'Sale of asset #3', money: false },
    ]);
    expect(r.words).toBe('Taka Four Thousand Two Hundred and Paisa Seventy-Five Only');
  });

  it('has no words when the entry moves no money (a firing moves kg)', () => {
    const r = receiptModel({ ...stamps, kind: 'fire', title: 'Fire Count', roll: '1', pot_number: 'P-1', weight: 400.5, fire_man: 'Jalil' });
    expect(r.words).toBeNull();
    expect(r.lines.find((l) => l.value === '400.5')).toBeDefined();
  });
});
