import { describe, expect, it } from 'vitest';
import { matchParties } from '../../src/web/features/books/party-picker.tsx';
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
});
