import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { tr, useMessages } from '../../lib/i18n';

/** A labelled input with its error underneath, tied to react-hook-form. */
export function TextField(props: {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError | undefined;
  type?: 'text' | 'email' | 'password' | 'search' | 'tel';
  autoComplete?: string;
  placeholder?: string;
  readOnly?: boolean;
  inputMode?: 'text' | 'decimal' | 'numeric' | 'email' | 'tel';
}) {
  useMessages();
  const id = `f-${props.registration.name}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {props.label}
      </label>
      <input
        id={id}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        readOnly={props.readOnly}
        inputMode={props.inputMode}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        className={`input w-full ${props.error ? 'input-error' : ''}`}
        {...props.registration}
      />
      {props.error?.message ? (
        <p id={`${id}-error`} className="text-sm text-error">
          {props.error.message}
        </p>
      ) : null}
    </div>
  );
}

/** A message under a form: what went wrong, or what happened. */
export function FormNotice({ kind, children }: { kind: 'error' | 'success' | 'info'; children: React.ReactNode }) {
  const style = kind === 'error' ? 'alert-error' : kind === 'success' ? 'alert-success' : 'alert-info';
  return (
    <div role="alert" className={`alert ${style} alert-soft text-sm`}>
      <div className="flex flex-col gap-1">{children}</div>
    </div>
  );
}

/** A form field's frame: its label (marked optional when it is), the input, and its error. */
export function FieldShell(props: { id: string; label: string; required: boolean; error?: string | undefined; wide?: boolean; children: React.ReactNode }) {
  const m = useMessages();
  return (
    <div className={`flex flex-col gap-1 ${props.wide ? 'sm:col-span-2' : ''}`}>
      <label htmlFor={props.id} className="text-sm font-medium">
        {tr(props.label)}
        {props.required ? '' : <span className="font-normal text-muted">{m.optional}</span>}
      </label>
      {props.children}
      <FieldError message={props.error} />
    </div>
  );
}

/** A field's error under it, announced when it appears. */
export function FieldError({ message }: { message: string | undefined }) {
  return message ? (
    <p className="text-sm text-error" role="alert">
      {tr(message)}
    </p>
  ) : null;
}
