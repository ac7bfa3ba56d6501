import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxEntry } from '../../src/web/lib/outbox-db.ts';

// The outbox the header counts, as another tab sees it: each change told by the tab that saved is
// read back from IndexedDB, and those readings may finish in any order. Here the readings are held
// and let go by hand, in the order a busy browser may finish them.
const readings: { userId: string; resolve: (entries: OutboxEntry[]) => void }[] = [];
let toldOfChange: () => void = () => undefined;

vi.mock('../../src/web/lib/outbox-db.ts', () => ({
  outboxAvailable: () => true,
  outboxOf: (userId: string) => new Promise<OutboxEntry[]>((resolve) => readings.push({ userId, resolve })),
  onOutboxChange: (listener: () => void) => {
    toldOfChange = listener;
    return () => undefined;
  },
}));
vi.mock('../../src/web/lib/session.ts', () => ({ currentUserId: () => null, refreshSession: async () => null }));

const { showOutboxOf, outboxShown } = await import('../../src/web/lib/outbox-store.ts');

const waiting = (userId: string, n: number): OutboxEntry[] =>
  Array.from({ length: n }, (_, i) => ({
    key: `k${i}`,
    userId,
    path: 'otherExpanses',
    kind: 'otherExpanses',
    title: 'Other Expanses',
    body: {},
    madeAt: '2026-11-24T06:00:00.000Z',
    seq: i,
    status: 'waiting',
  }));
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('the outbox as the header shows it', () => {
  beforeEach(() => {
    readings.length = 0;
    showOutboxOf(null);
  });

  it('shows the newest reading when three changes are read back out of order', async () => {
    showOutboxOf('clerk');
    readings.shift()?.resolve([]);
    await settle();
    // Three entries saved in the other tab, one after the other: three readings.
    toldOfChange();
    toldOfChange();
    toldOfChange();
    const [first, second, third] = readings.splice(0);
    third?.resolve(waiting('clerk', 3));
    await settle();
    second?.resolve(waiting('clerk', 2));
    first?.resolve(waiting('clerk', 1));
    await settle();
    expect(outboxShown().entries).toHaveLength(3);
  });

  it('never shows a reading of the user who was signed in before', async () => {
    showOutboxOf('first');
    const theirs = readings.shift();
    showOutboxOf('second');
    readings.shift()?.resolve([]);
    theirs?.resolve(waiting('first', 2));
    await settle();
    expect(outboxShown()).toEqual({ userId: 'second', entries: [] });
  });
});
