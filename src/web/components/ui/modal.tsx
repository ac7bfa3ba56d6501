import { useEffect, useId, useRef } from 'react';

/** A pop-up form (spec: each has a close X). Escape and the X both close it. */
export function Modal({ title, open, onClose, children }: { title: string; open: boolean; onClose: () => void; children: React.ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="modal modal-bottom sm:modal-middle" aria-labelledby={titleId} onClose={onClose}>
      <div className="modal-box max-h-[92vh] w-full max-w-2xl">
        <button type="button" className="btn btn-circle btn-ghost btn-sm absolute right-3 top-3" aria-label="Close" onClick={onClose}>
          ✕
        </button>
        <h2 id={titleId} className="mb-4 pr-10 text-xl font-bold">
          {title}
        </h2>
        {open ? children : null}
      </div>
    </dialog>
  );
}
