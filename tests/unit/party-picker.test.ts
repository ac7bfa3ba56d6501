import { describe, expect, it } from 'vitest';
import { exactParty, matchParties } from '../../src/web/features/books/party-picker.tsx';
import type { PartnerWire } from '../../src/shared/registry.ts';

const partner = (id: number, name: string, catagories: PartnerWire['catagories'] = 'Client'): PartnerWire => ({
  id,
  name,
  catagories,
  fname: '',
  mname: '',
  address: '',
  contact: '',
  nid: '',
  assignedSalary: 'N/A',
  userNote: '',
  credit_limit: null,
  refuse_past_limit: false,
});

describe('finding a party by a few letters', () => {
  const list = [
    partner(1, 'Rahim & Sons Wire'),
    partner(2, 'Karim Akter 3'),
    partner(3, 'Rahim & Sons Wire', 'Wire Agent'),
    partner(4, 'École Wire House'),
    partner(5, 'Babul Uddin'),
  ];

  it('matches every word typed, in any case and without accents, by name or category', () => {
    expect(matchParties(list, 'rahim wire', []).map((p) => p.id)).toEqual([1, 3]);
    expect(matchParties(list, 'ecole', []).map((p) => p.id)).toEqual([4]);
    expect(matchParties(list, 'agent', []).map((p) => p.id)).toEqual([3]);
    expect(matchParties(list, 'zzz', [])).toEqual([]);
  });

  it('lists the parties used last first, then by name', () => {
    expect(matchParties(list, '', [5, 2]).map((p) => p.id)).toEqual([5, 2, 4, 1, 3]);
  });

  it('takes a name typed in full (any case, accents, spacing) when it names one party only', () => {
    expect(exactParty(list, 'babul uddin')?.id).toBe(5);
    expect(exactParty(list, '  Karim   akter 3 ')?.id).toBe(2);
    expect(exactParty(list, 'ecole wire house')?.id).toBe(4);
    // A part of a name, another name, nothing typed, or a name two parties share: nothing is taken.
    expect(exactParty(list, 'Babul')).toBeUndefined();
    expect(exactParty(list, 'Babul Uddin 2')).toBeUndefined();
    expect(exactParty(list, ' ')).toBeUndefined();
    expect(exactParty(list, 'Rahim & Sons Wire')).toBeUndefined();
  });
});
