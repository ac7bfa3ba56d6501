import { createContext, useCallback, useContext, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { tr, useMessages } from '../../lib/i18n';
import { toastHost } from '../layout/toasts';

/** A form inside a modal says here whether it holds typed values (so closing it asks first). */
const DirtyContext = createContext<(dirty: boolean) => void>(() => {});

/** Tells the surrounding Modal whether closing now would throw away what was typed. */
export function useGuardDiscard(dirty: boolean) {
  const report = useContext(DirtyContext);
  // Told as soon as it is drawn: an Escape pressed right after typing must find it. (Preact, the
  // browser's build, runs a plain effect after the next frame; React before the next key.)
  useLayoutEffect(() => {
    report(dirty);
    return () => report(false);
  }, [dirty, report]);
}

/**
 * A pop-up form (spec: each has a close X). Escape and the X both close it; with typed values they
 * first ask, inside the dialog, whether to discard them.
 */
export function Modal({ title, open, onClose, children }: { title: string; open: boolean; onClose: () => void; children: React.ReactNode }) {
  const m = useMessages();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const dirty = useRef(false);
  const [asking, setAsking] = useState(false);
  const report = useCallback((d: boolean) => {
    dirty.current = d;
  }, []);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      focusFirstField(dialog.querySelector('form') ?? dialog);
      toastHost.take(dialog);
    }
    if (!open && dialog.open) dialog.close();
    if (!open) {
      setAsking(false);
      toastHost.release(dialog);
    }
  }, [open]);
  useEffect(() => {
    const dialog = ref.current;
    return () => toastHost.release(dialog);
  }, []);
  const shown = useRef(open);
  useEffect(() => {
    shown.current = open;
  }, [open]);
  const keep = useRef<HTMLButtonElement>(null);
  const requestClose = () => {
    if (dirty.current) setAsking(true);
    else onClose();
  };
  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      onClose={() => {
        // Chromium's close watcher lets a page hold a dialog open once per user action: a second
        // Escape or Android back in a row closes it regardless. With typed values it opens again, asking.
        const dialog = ref.current;
        if (!shown.current || !dirty.current || !dialog) return onClose();
        dialog.showModal();
        setAsking(true);
        keep.current?.focus();
      }}
      onCancel={(e) => {
        e.preventDefault();
        requestClose();
      }}
    >
      {/* Its own alignment: a dialog opened from a table row would otherwise inherit the actions cell's right-aligned, unwrapped text. */}
      <div className="modal-box max-h-[92vh] w-full max-w-2xl whitespace-normal text-left">
        <button type="button" className="btn btn-circle btn-ghost btn-sm absolute right-3 top-3" aria-label={m.close} onClick={requestClose} data-toasts-below>
          ✕
        </button>
        <h2 id={titleId} className="mb-4 pr-10 text-xl font-bold" data-toasts-below>
          {tr(title)}
        </h2>
        {asking ? <DiscardQuestion keep={keep} onKeep={() => setAsking(false)} onDiscard={onClose} /> : null}
        <DirtyContext value={report}>
          <div hidden={asking}>{open ? children : null}</div>
        </DirtyContext>
      </div>
    </dialog>
  );
}

function DiscardQuestion({ keep, onKeep, onDiscard }: { keep: React.RefObject<HTMLButtonElement | null>; onKeep: () => void; onDiscard: () => void }) {
  const m = useMessages();
  const labelId = useId();
  useEffect(() => keep.current?.focus(), []);
  return (
    <div role="alertdialog" aria-labelledby={labelId} className="flex flex-col gap-4 py-2">
      <p id={labelId} className="text-lg font-semibold">
        {m.discardQuestion}
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <button ref={keep} type="button" className="btn btn-primary" onClick={onKeep}>
          {m.keepEditing}
        </button>
        <button type="button" className="btn btn-error btn-outline" onClick={onDiscard}>
          {m.discard}
        </button>
      </div>
    </div>
  );
}

// `:disabled` also matches a field shut by a disabled fieldset around it (the entry form's while it saves);
// an input out of the tab order is no field to type into (a date field's calendar, opened by its button).
const FIELDS = 'input:not([readonly]):not([type=hidden]):not([tabindex="-1"]):not(:disabled), select:not(:disabled), textarea:not([readonly]):not(:disabled)';

/** The fields a person types into, in order. */
export function typedFields(container: ParentNode): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FIELDS)];
}

/** Focus the first field of a form inside a modal (rather than its close X). */
export function focusFirstField(container: ParentNode) {
  typedFields(container)[0]?.focus();
}
