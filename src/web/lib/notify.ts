import { useSyncExternalStore } from 'react';
import { errorText } from './error-text';
import { tr } from './i18n';

// Toasts (react-hot-toast, whose default durations are the spec's 2 s and 4 s) are loaded on
// the first toast, so the public page does not pay for them.
let wanted = false;
const listeners = new Set<() => void>();

export async function notify(kind: 'success' | 'error', message: string): Promise<void> {
  const { toast } = await import('react-hot-toast');
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
