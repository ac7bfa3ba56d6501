import { useEffect, useId, useRef, useState } from 'react';
import { type FigureLanguage, digitsFor, toLatinDigits } from '../../../shared/digits';
import { fill } from '../../../shared/messages';
import { figureLanguage } from '../../lib/format';
import { textsOf, useLanguage, useTexts } from '../../lib/i18n';

// Every date a person types: shown and typed day/month/year (05/11/2026), in Bengali digits in
// Bangla, whatever the browser's own date field would do (mm/dd/yyyy in en-US); the value kept
// and sent is the wire's YYYY-MM-DD. A calendar button opens the browser's own picker (a phone's).
// docs/decisions/0036-dates-typed-day-month-year.md

const texts = textsOf(
  {
    dayPattern: 'dd/mm/yyyy',
    pickDay: 'Calendar',
    dayUnreadable: '{field}: type the day as day/month/year, like 05/11/2026',
  },
  {
    dayPattern: 'দিন/মাস/বছর',
    pickDay: 'ক্যালেন্ডার',
    dayUnreadable: '{field}: দিন/মাস/বছর হিসেবে লিখুন, যেমন ০৫/১১/২০২৬',
  },
);

/** `YYYY-MM-DD` → '05/11/2026' (Bengali digits in Bangla); '' stays ''. */
export function dayText(iso: string, lang: FigureLanguage = figureLanguage()): string {
  const [y, m, d] = iso.split('-');
  return iso ? digitsFor(`${d}/${m}/${y}`, lang) : '';
}

/** Whether a value is a wire day (`YYYY-MM-DD`), not text typed that names no day. */
export const isWireDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

/**
 * What a person typed → `YYYY-MM-DD`; '' when nothing; null when it names no real day. Day first:
 * '5/11/2026', '05-11-2026', '05.11.2026', '05112026' (a phone's digit pad has no '/'), Bengali
 * digits too; a pasted '2026-11-05' is taken as it is.
 */
export function parseDay(text: string): string | null {
  const t = toLatinDigits(text).trim();
  if (!t) return '';
  const parts =
    /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t)?.slice(1).reverse() ??
    /^(\d{1,2})[/.\-\s]+(\d{1,2})[/.\-\s]+(\d{4})$/.exec(t)?.slice(1) ??
    /^(\d{2})(\d{2})(\d{4})$/.exec(t)?.slice(1);
  if (!parts) return null;
  const [d, m, y] = parts.map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d) return null;
  return day.toISOString().slice(0, 10);
}

/**
 * A date field. `value`: the wire day ('' for none); `onValue` gets the wire day, or the text as typed
 * when it names no day (so a form's own check refuses it: `isWireDay`), while the field says why,
 * naming `label`. `name`: a hidden input carries the value for a form read with FormData.
 */
export function DateInput(props: {
  id?: string | undefined;
  name?: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  min?: string;
  max?: string;
  className?: string;
  describedBy?: string;
  invalid?: boolean;
  testId?: string;
}) {
  const w = useTexts(texts);
  const lang = useLanguage();
  const ownId = useId();
  const id = props.id ?? ownId;
  const picker = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(() => (isWireDay(props.value) ? dayText(props.value) : props.value));
  const [left, setLeft] = useState(false);
  // A value set from outside (a reset, the calendar, the language switched) is shown as a day.
  useEffect(() => {
    if (parseDay(text) !== props.value) setText(isWireDay(props.value) ? dayText(props.value) : props.value);
  }, [props.value, lang]);
  const unreadable = left && parseDay(text) === null;
  const errorId = `${id}-unreadable`;
  const type = (next: string) => {
    setText(next);
    props.onValue(parseDay(next) ?? next);
  };
  return (
    <>
      <div className="flex min-w-0 items-center gap-1">
        <input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={w.dayPattern}
          className={`${props.className ?? 'input'} min-w-0 flex-1 ${unreadable || props.invalid ? 'input-error' : ''}`}
          value={text}
          aria-invalid={unreadable || props.invalid ? true : undefined}
          aria-describedby={[props.describedBy, unreadable ? errorId : ''].filter(Boolean).join(' ') || undefined}
          data-testid={props.testId}
          onChange={(e) => {
            setLeft(false);
            type(e.target.value);
          }}
          onBlur={() => {
            setLeft(true);
            const day = parseDay(text);
            if (day) setText(dayText(day));
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') setLeft(true);
          }}
        />
        {/* The browser's own calendar lies under its button (and opens beside it), never typed into. */}
        <span className="relative shrink-0">
          <button
            type="button"
            className="btn btn-ghost btn-square shrink-0"
            aria-label={w.pickDay}
            onClick={() => {
              const p = picker.current;
              if (!p) return;
              p.value = isWireDay(props.value) ? props.value : '';
              try {
                p.showPicker();
              } catch {
                p.focus();
              }
            }}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <rect x="3" y="5" width="18" height="16" rx="2" />
              <path d="M3 10h18M8 3v4M16 3v4" />
            </svg>
          </button>
          <input
            ref={picker}
            type="date"
            tabIndex={-1}
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 h-full w-full opacity-0"
            min={props.min}
            max={props.max}
            onChange={(e) => {
              if (e.target.value) type(dayText(e.target.value));
            }}
          />
        </span>
        {props.name ? <input type="hidden" name={props.name} value={parseDay(text) ?? text} /> : null}
      </div>
      {unreadable ? (
        <p id={errorId} role="alert" className="text-sm text-error">
          {fill(w.dayUnreadable, { field: props.label })}
        </p>
      ) : null}
    </>
  );
}
