import v8 from 'node:v8';
import vm from 'node:vm';

// Written by hand for the import's memory budget (issue 30: at most 300 MB for 100,000 records).
// The import keeps about 50 MB live, but V8 lets its heap grow well past that before it collects:
// the process peaked at 378 MB importing 100,000 records, and at 278 MB with a full collection
// every 5,000 documents read (about 2 s more of 51 s). `gc` is V8's own, exposed for this. In the
// server (an import from the web) each collection also pauses other requests, for tens of
// milliseconds, while an import runs.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** A function to call once per document read: every `every`-th call collects the garbage. */
export function collectingEvery(every: number): () => void {
  let count = 0;
  return () => {
    if (++count % every === 0) gc();
  };
}
