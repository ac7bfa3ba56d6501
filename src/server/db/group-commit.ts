import { UncertainCommit, writeCounters } from './write.ts';

// Writes that arrive together share one transaction (docs/decisions/0009-write-path.md); each
// group's transaction is a `writeTransaction`.

/** One item's outcome inside a group: its value, or the error that item alone gets. */
export type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

interface Group<I, R> {
  queue: { item: I; resolve: (r: R) => void; reject: (e: unknown) => void }[];
  scheduled: boolean;
  running: boolean;
  /** The sizes of the latest groups (GROUP_MEMORY of them at most), newest last. */
  sizes: number[];
  /** How many writes a group waits for: the largest of `sizes`. */
  target: number;
  /** Set while a group smaller than `target` waits for the rest (GROUP_WAIT_MS). */
  waiting: ReturnType<typeof setTimeout> | undefined;
  /** How many writes the waiting group had at the end of the turn it began in. */
  waitedWith: number;
}

/** Items committed together at most (their statements stay far below the databases' limits). */
export const GROUP_LIMIT = 100;

/** How long a group smaller than the latest ones waits for more writes to join it. */
export const GROUP_WAIT_MS = 1;

/** How many of the latest groups' sizes set how many writers a group waits for. */
export const GROUP_MEMORY = 16;

/**
 * Group commit. Writes of one sort that arrive together (requests read in one turn of the event
 * loop, or while the previous group was saving) share one transaction: one lock, one commit and
 * one flush to disk for all of them. Each caller is answered only after that commit. When the
 * group's transaction fails, each item runs again alone (`single`), so one bad item cannot take
 * the others down and every error reaches its own caller; a commit left unanswered is not run
 * again (it may have been saved) and reaches every caller of the group.
 */
export function groupCommit<I, R>(opts: {
  /** Writes every item of a group inside one write transaction (`writeTransaction`). */
  group: (items: I[]) => Promise<Outcome<R>[]>;
  /** Writes one item alone: the fallback when a group failed, and a group of one. */
  single: (item: I) => Promise<R>;
}): (db: object, item: I) => Promise<R> {
  const groups = new WeakMap<object, Group<I, R>>();

  async function flush(g: Group<I, R>, waited = false) {
    g.scheduled = false;
    g.running = true;
    const batch = g.queue.splice(0, GROUP_LIMIT);
    // Nobody joined during the wait: the load has fallen to this group; what came before is forgotten.
    if (waited && batch.length <= g.waitedWith) g.sizes.length = 0;
    g.sizes.push(batch.length);
    if (g.sizes.length > GROUP_MEMORY) g.sizes.shift();
    g.target = Math.max(...g.sizes);
    try {
      if (batch.length === 1) {
        const [only] = batch;
        await opts.single(only!.item).then(only!.resolve, only!.reject);
        return;
      }
      let outcomes: Outcome<R>[] | undefined;
      try {
        outcomes = await opts.group(batch.map((b) => b.item));
      } catch (error) {
        if (error instanceof UncertainCommit) {
          for (const b of batch) b.reject(error);
          return;
        }
      }
      if (outcomes) {
        batch.forEach((b, i) => {
          const o = outcomes[i];
          if (o?.ok) b.resolve(o.value);
          else b.reject(o ? o.error : new Error('group commit: no outcome'));
        });
        return;
      }
      writeCounters.groupsRunAlone += 1;
      for (const b of batch) await opts.single(b.item).then(b.resolve, b.reject);
    } finally {
      g.running = false;
      if (g.queue.length > 0) schedule(g);
    }
  }

  /**
   * A group goes at the next turn of the event loop once it is as big as the largest of the last
   * GROUP_MEMORY groups; a smaller one waits a moment (GROUP_WAIT_MS) for the rest. Each commit
   * (its statements and its flush to disk, the same for one write or ten) then serves all the
   * writers of a steady load. Waiting only for as many as the last group had let the load settle
   * below its size: ten writers came back at slightly different times, a group went as soon as
   * eight were in, and the other two began the next one, so commits served eight. A wait that
   * nobody joined (after the turn it began in) means the load has fallen: the sizes before are
   * forgotten, so a writer alone after a burst waits once, and then never.
   */
  function schedule(g: Group<I, R>) {
    if (g.running) return;
    const full = g.queue.length >= g.target;
    if (g.waiting !== undefined && full) {
      clearTimeout(g.waiting);
      g.waiting = undefined;
      g.scheduled = false;
    }
    if (g.scheduled) return;
    g.scheduled = true;
    if (full) setImmediate(() => void flush(g));
    else {
      // Writes read in the same turn are not joiners: counted again once the turn is over. (Should
      // the wait end first, the count stands at the writes there when it began.)
      g.waitedWith = g.queue.length;
      setImmediate(() => (g.waitedWith = g.queue.length));
      g.waiting = setTimeout(() => {
        g.waiting = undefined;
        void flush(g, true);
      }, GROUP_WAIT_MS);
    }
  }

  return (db, item) =>
    new Promise<R>((resolve, reject) => {
      let g = groups.get(db);
      if (!g) groups.set(db, (g = { queue: [], scheduled: false, running: false, sizes: [], target: 1, waiting: undefined, waitedWith: 0 }));
      g.queue.push({ item, resolve, reject });
      schedule(g);
    });
}
