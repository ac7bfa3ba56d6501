/**
 * Lets the browser paint and take input before the next piece of work: what follows runs in a task
 * of its own. Preact (the browser's build, decision 0049) draws each update in one task, so the
 * app's start is cut at its joins (issue 32 item 4: Lighthouse's blocking time counts every task's
 * time past 50 ms on a phone-class CPU). `scheduler.yield` where the browser has it (it resumes
 * ahead of other queued work), else a timer.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}
