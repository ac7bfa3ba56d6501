import { useSyncExternalStore } from 'react';
import { errorText } from './error-text';
import { tr } from './i18n';

// Toasts (react-hot-toast, whose default durations are the spec's 2 s and 4 s) are loaded on
// the first toast, so the public page does not pay for them.
let wanted = false;
const listeners = new Set<() => void>();

/**
 * The message drawn plainly, for as long as the toast would stay, when the toasts' code cannot be
 * fetched: the connection went before any toast was shown (an entry saved on the phone offline
 * says so all the same). Notes stack under each other; an error reads as one. Chromium keeps a
 * failed import's failure for the page's life, so notes stay plain until the page is reloaded.
 * Written by hand: it must not need anything from the network.
 */
function plainToast(kind: 'success' | 'error', message: string): void {
  let stack = document.getElementById('plain-toasts');
  if (!stack) {
    stack = document.createElement('div');
    stack.id = 'plain-toasts';
    stack.className = 'pointer-events-none fixed inset-x-0 top-4 z-50 flex flex-col items-center gap-2 px-4';
    document.body.append(stack);
  }
  const note = document.createElement('div');
  note.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  note.className = `max-w-full rounded-box bg-base-100 px-4 py-2 text-sm font-medium shadow-lg ring-1 ${kind === 'error' ? 'text-error ring-error' : 'ring-base-300'}`;
  note.textContent = message;
  stack.append(note);
  setTimeout(() => note.remove(), kind === 'error' ? 4000 : 2000);
}

export async function notify(kind: 'success' | 'error', message: string): Promise<void> {
  let toast: typeof import('react-hot-toast').toast;
  try {
    ({ toast } = await import('react-hot-toast'));
  } catch {
    // Not fetched (offline before the first toast): shown plainly.
    return plainToast(kind, tr(message));
  }
  if (!wanted) {
    wanted = true;
    for (const l of listeners) l();
  }
  toast[kind](tr(message));
}

export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => wanted,
    () => false,
  );
}

/** Runs a save; toasts `success` when it works, or the error's message when it does not. */
export async function saveWithToast(save: () => Promise<unknown>, success: string): Promise<boolean> {
  try {
    await save();
    void notify('success', success);
    return true;
  } catch (error) {
    void notify('error', errorText(error));
    return false;
  }
}
