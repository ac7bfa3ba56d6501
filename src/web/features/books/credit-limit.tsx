import { useRef } from 'react';
import { formatTaka } from '../../../shared/money';
import { type KindDef, raisesClientDue } from '../../../shared/registry';
import { figureLanguage } from '../../lib/format';
import { useTexts } from '../../lib/i18n';
import { dueTexts } from '../dues';
import type { Partner } from '../partners/api';
import { derivedFigures } from './derived-figures';
import type { EntryFormValues } from './use-entry-defaults';

// A client sale that would take the party past its credit limit (issue 29 item 2, decision 0031):
// the form shows the figures before saving and asks for a second, explicit "Save anyway"; a party
// set to refuse past its limit is not sent at all (the server would answer 409 credit_limit). The
// server still checks and warns on its own: this is what the person sees first, from the balances
// the form already has (the party picker's), so it needs no request of its own and says nothing
// while those are not known (offline before any list).

/** The figures of a sale past its party's limit, in poisha; null when it is within it or unknown. */
export type PastLimit = { name: string; due: number; sale: number; after: number; limit: number; refuse: boolean };

export function pastLimit(kind: KindDef, values: EntryFormValues, partner: Partner | undefined, balance: number | null | undefined): PastLimit | null {
  if (!raisesClientDue(kind) || !partner || partner.credit_limit === null || balance === undefined) return null;
  const sale = derivedFigures(kind, values).due;
  if (sale === null || sale <= 0) return null;
  const due = Math.round((balance ?? 0) * 100);
  const limit = Math.round(partner.credit_limit * 100);
  return due + sale > limit ? { name: partner.name, due, sale, after: due + sale, limit, refuse: partner.refuse_past_limit } : null;
}

/**
 * The guard on the form's submit: a sale past the limit is saved only once "Save anyway" was
 * pressed for these very figures (a changed amount asks again); a refusing party's never.
 */
export function useCreditGuard(past: PastLimit | null) {
  const confirmed = useRef<string | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const figures = past ? `${past.name}|${past.after}` : null;
  /** True when the submit must wait: the box is brought into view with its button focused. */
  const holds = () => {
    if (!past || (!past.refuse && confirmed.current === figures)) return false;
    boxRef.current?.scrollIntoView({ block: 'nearest' });
    (buttonRef.current ?? boxRef.current)?.focus();
    return true;
  };
  const confirm = () => {
    confirmed.current = figures;
    buttonRef.current?.form?.requestSubmit();
  };
  return { holds, confirm, buttonRef, boxRef };
}

export function CreditLimitNotice({ past, guard }: { past: PastLimit; guard: ReturnType<typeof useCreditGuard> }) {
  const m = useTexts(dueTexts);
  const lang = figureLanguage();
  const rows: [string, number][] = [
    [m.creditConfirmDueNow, past.due],
    [m.creditConfirmSale, past.sale],
    [m.creditConfirmAfter, past.after],
    [m.creditConfirmLimit, past.limit],
  ];
  return (
    <div
      ref={guard.boxRef}
      tabIndex={-1}
      role="group"
      aria-label={m.creditConfirmTitle}
      className="rounded-box border border-warning bg-base-200 p-3 sm:col-span-2"
      data-testid="credit-limit"
    >
      <p className="font-semibold">
        {m.creditConfirmTitle}: {past.name}
      </p>
      <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm sm:grid-cols-4">
        {rows.map(([label, poisha]) => (
          <div key={label}>
            <dt className="text-muted">{label}</dt>
            <dd className="font-semibold tabular-nums">{formatTaka(poisha, lang)}</dd>
          </div>
        ))}
      </dl>
      {past.refuse ? (
        <p className="mt-2 text-sm font-medium" role="alert">
          {m.creditConfirmRefuses}
        </p>
      ) : (
        <button ref={guard.buttonRef} type="button" className="btn btn-warning btn-sm mt-3" onClick={guard.confirm}>
          {m.creditConfirmSave}
        </button>
      )}
    </div>
  );
}
