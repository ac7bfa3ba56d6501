import { useId, useState } from 'react';
import { refusalsReady, tr, useMessages } from '../../lib/i18n';

/** A one-field form inside a pop-up: an end note, a sale amount, a reason. Required. */
export function PromptForm(props: {
  intro?: React.ReactNode;
  label: string;
  submitLabel: string;
  inputMode?: 'text' | 'decimal';
  /** Returns a message when the value will not do. */
  check: (value: string) => string | null;
  onSubmit: (value: string) => Promise<void>;
}) {
  useMessages();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    await refusalsReady().catch(() => undefined);
    const problem = props.check(value);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await props.onSubmit(value.trim());
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      {props.intro ? <p className="text-sm">{props.intro}</p> : null}
      <label htmlFor={inputId} className="text-sm font-medium">
        {tr(props.label)}
      </label>
      <input
        id={inputId}
        className={`input w-full ${error ? 'input-error' : ''}`}
        inputMode={props.inputMode}
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      {error ? (
        <p className="text-sm text-error" role="alert">
          {tr(error)}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {tr(props.submitLabel)}
      </button>
    </form>
  );
}
