import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GROUP_MEMORY, GROUP_WAIT_MS, groupCommit } from '../../src/server/db/group-commit.ts';

// Group commit decides how many writes share one commit (one lock, one flush to disk). These
// tests drive it with fake timers and a fake database: which writes went together, and when.

function harness() {
  const groups: number[][] = [];
  const save = groupCommit<number, number>({
    group: async (items) => {
      groups.push(items);
      return items.map((value) => ({ ok: true as const, value }));
    },
    single: async (item) => {
      groups.push([item]);
      return item;
    },
  });
  const db = {};
  const answered: number[] = [];
  const write = (...items: number[]) => items.map((i) => save(db, i).then((v) => answered.push(v)));
  /** Runs what the event loop would run in `ms` milliseconds (0: the next turn's immediates). */
  const after = (ms: number) => vi.advanceTimersByTimeAsync(ms);
  return { groups, answered, write, after };
}

describe('group commit', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate'] }));
  afterEach(() => vi.useRealTimers());

  it('saves a lone write at the next turn of the event loop, without waiting', async () => {
    const { groups, answered, write, after } = harness();
    write(1);
    await after(0);
    expect(groups).toEqual([[1]]);
    expect(answered).toEqual([1]);
    write(2);
    await after(0);
    expect(groups).toEqual([[1], [2]]);
  });

  it('saves writes that arrive together in one group', async () => {
    const { groups, write, after } = harness();
    write(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
    await after(0);
    expect(groups).toEqual([[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]]);
  });

  it('holds a group smaller than the last one for the rest of the writers, then saves them in one commit', async () => {
    const { groups, answered, write, after } = harness();
    write(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
    await after(0);
    // Under a steady load, the writers answered first come back first: four of the ten.
    write(11, 12, 13, 14);
    await after(0);
    expect(groups).toHaveLength(1);
    expect(answered).toHaveLength(10);
    // The other six arrive before the wait is over: all ten go together, at once.
    write(15, 16, 17, 18, 19, 20);
    await after(0);
    expect(groups).toEqual([
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      [11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
    ]);
    expect(answered).toHaveLength(20);
  });

  it(`waits at most ${GROUP_WAIT_MS} ms for writers who do not come`, async () => {
    const { groups, answered, write, after } = harness();
    write(1, 2, 3, 4, 5, 6);
    await after(0);
    write(7, 8);
    await after(GROUP_WAIT_MS - 0.5);
    expect(groups).toHaveLength(1);
    await after(0.5);
    expect(groups).toEqual([
      [1, 2, 3, 4, 5, 6],
      [7, 8],
    ]);
    expect(answered).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // The load is two writers now: two at a time go at once again.
    write(9, 10);
    await after(0);
    expect(groups.at(-1)).toEqual([9, 10]);
  });

  it('keeps waiting for all the writers of a steady load when one group fell short of them', async () => {
    const { groups, write, after } = harness();
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
    write(...range(1, 10));
    await after(0);
    // Six come back at once and three more during the wait; the tenth is late: nine go.
    write(...range(11, 16));
    await after(0);
    write(17, 18, 19);
    await after(GROUP_WAIT_MS);
    expect(groups.at(-1)).toEqual(range(11, 19));
    // Nine are in again: the group still waits for the tenth, and goes the moment it comes.
    write(...range(20, 28));
    await after(0);
    expect(groups).toHaveLength(2);
    write(29);
    await after(0);
    expect(groups.at(-1)).toEqual(range(20, 29));
  });

  it('forgets a burst: a writer alone after it waits once, then goes at once', async () => {
    const { groups, write, after } = harness();
    write(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
    await after(0);
    write(11);
    await after(0);
    expect(groups).toHaveLength(1);
    await after(GROUP_WAIT_MS);
    expect(groups.at(-1)).toEqual([11]);
    write(12);
    await after(0);
    expect(groups.at(-1)).toEqual([12]);
  });

  it(`remembers the largest of the last ${GROUP_MEMORY} groups, no more`, async () => {
    const { groups, write, after } = harness();
    write(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
    await after(0);
    // Groups of three, each of which someone joined during its wait: the load is steady, smaller.
    let next = 11;
    for (let i = 0; i < GROUP_MEMORY; i++) {
      write(next++);
      await after(0);
      write(next++, next++);
      await after(GROUP_WAIT_MS);
      expect(groups.at(-1)).toHaveLength(3);
    }
    // The group of ten is no longer among the last ones: three go at once.
    write(next++, next++, next++);
    await after(0);
    expect(groups).toHaveLength(GROUP_MEMORY + 2);
  });

  it('keeps writes that arrive while a group is saving for the next group', async () => {
    let release: () => void = () => undefined;
    const groups: number[][] = [];
    const save = groupCommit<number, number>({
      group: async (items) => {
        groups.push(items);
        await new Promise<void>((resolve) => (release = resolve));
        return items.map((value) => ({ ok: true as const, value }));
      },
      single: async (item) => item,
    });
    const db = {};
    void save(db, 1);
    void save(db, 2);
    await vi.advanceTimersByTimeAsync(0);
    expect(groups).toEqual([[1, 2]]);
    void save(db, 3);
    void save(db, 4);
    await vi.advanceTimersByTimeAsync(5);
    expect(groups).toHaveLength(1);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(groups).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });
});
