import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { fill } from '../../../shared/messages';
import { formatShortDate } from '../../../shared/dates';
import { formatCell } from '../../lib/format';
import { tr, useTexts } from '../../lib/i18n';
import { formTexts } from './texts';
import { FieldError } from '../../components/form/text-field';
import type { Messages } from '../../../shared/messages';
import type { Partner } from '../partners/api';

// A party field: type a few letters of the name and pick from the list (keyboard or touch). The
// parties used most recently for this kind come first; each shows its category and what they
// owe us or we owe them. Filtering 1,000 partners is a plain pass over an array per keystroke.

const SHOWN = 50;
const RECENT = 8;

const recentKey = (scope: string) => `ama.recent-parties.${scope}`;

function readRecent(scope: string): number[] {
  try {
    const ids = JSON.parse(localStorage.getItem(recentKey(scope)) ?? '[]') as unknown;
    return Array.isArray(ids) ? ids.filter((x): x is number => typeof x === 'number') : [];
  } catch {
    return [];
  }
}

/** Remembers a party as the latest used for this scope (a record kind), on this browser. */
export function rememberParty(scope: string, id: number) {
  try {
    localStorage.setItem(recentKey(scope), JSON.stringify([id, ...readRecent(scope).filter((x) => x !== id)].slice(0, RECENT)));
  } catch {
    // Private mode or full storage: the list just starts alphabetical.
  }
}

const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** The parties matching every word typed, recent ones first, then by name. */
export function matchParties(partners: readonly Partner[], query: string, recent: readonly number[]): Partner[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const rank = new Map(recent.map((id, i) => [id, i]));
  return partners
    .filter((p) => words.every((w) => fold(`${p.name} ${p.catagories}`).includes(w)))
    .sort((a, b) => (rank.get(a.id) ?? RECENT) - (rank.get(b.id) ?? RECENT) || a.name.localeCompare(b.name));
}

/**
 * The one party whose name is the text typed, whole (any case, accents and spacing): a name typed
 * in full and left without picking it from the list is taken. None when no name or two names match.
 */
export function exactParty(partners: readonly Partner[], query: string): Partner | undefined {
  const key = (s: string) => fold(s).trim().replace(/\s+/g, ' ');
  const typed = key(query);
  if (!typed) return undefined;
  const same = partners.filter((p) => key(p.name) === typed);
  return same.length === 1 ? same[0] : undefined;
}

const dueText = (m: Messages, balance: number | undefined) =>
  balance === undefined || balance === 0 ? '' : fill(balance > 0 ? m.owes : m.weOwe, { amount: formatCell(Math.abs(balance), 'money') });

export function PartyPicker(props: {
  id: string;
  partners: readonly Partner[];
  /** The chosen partner's id, as text ('' for none). */
  value: string;
  /** `late`: matched when the partner list arrived, after the person had moved on (keep their focus). */
  onChange: (id: string, late?: 'late') => void;
  /** What they owe (+) or are owed (−), by partner id. */
  balances?: ReadonlyMap<number, number> | undefined;
  scope: string;
  /** The field's error: shown here, under the field, unless the hint says what is wrong already. */
  error: string | undefined;
  /** The partner list is not on the phone ('missing': offline before it was ever fetched), or is the phone's kept copy older than a day (when it was fetched, ms). */
  listNote?: 'missing' | number | null | undefined;
}) {
  const m = useTexts(formTexts);
  const listId = useId();
  const chosen = props.partners.find((p) => String(p.id) === props.value);
  // The text typed while the list is open (null: the list is shut). Also kept in a ref, read by the
  // field's blur: a choice moves the focus on at once (to the form's next field), so the blur runs
  // before React has drawn the choice; reading the state of that last drawing, it took the letters
  // typed before the choice for text left unpicked and undid the choice (Name emptied).
  const [query, setQueryState] = useState<string | null>(null);
  const typed = useRef<string | null>(null);
  const setQuery = (q: string | null) => {
    typed.current = q;
    setQueryState(q);
  };
  const [active, setActive] = useState(0);
  // Text left in the field that names no one partner: kept in sight with a hint, not wiped away.
  const [unpicked, setUnpicked] = useState<string | null>(null);
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const open = query !== null;
  const matches = useMemo(() => (open ? matchParties(props.partners, query, readRecent(props.scope)) : []), [open, props.partners, query, props.scope]);
  const shown = matches.slice(0, SHOWN);

  const choose = (p: Partner, late?: 'late') => {
    rememberParty(props.scope, p.id);
    // Shut first: the choice may move the focus on, and the blur it causes must find the list shut.
    setQuery(null);
    setUnpicked(null);
    props.onChange(String(p.id), late);
  };
  // A name typed in full before the partner list had arrived (a slow connection) is matched once it has.
  useEffect(() => {
    const p = unpicked === null ? undefined : exactParty(props.partners, unpicked);
    if (p) choose(p, 'late');
  }, [props.partners, unpicked]);
  // The highlighted option stays in sight as the arrows move through a list longer than its box.
  const activeId = open && shown[active] ? `${listId}-${shown[active].id}` : undefined;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);
  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) setQuery(unpicked ?? '');
      setActive((i) => Math.max(0, Math.min(shown.length - 1, i + (e.key === 'ArrowDown' ? 1 : -1))));
    } else if ((e.key === 'Home' || e.key === 'End') && open && shown.length) {
      // With the list open, the first and last parties (the caret's own Home and End: list shut).
      e.preventDefault();
      setActive(e.key === 'Home' ? 0 : shown.length - 1);
    } else if (e.key === 'Enter' && open) {
      e.preventDefault();
      const p = shown[active];
      if (p) choose(p);
    } else if (e.key === 'Escape' && open) {
      // Closes the list only, not the form around it. (Focus alone does not open it: a form opens with
      // focus here, and the list would cover the fields below.)
      e.preventDefault();
      e.stopPropagation();
      setQuery(null);
    }
  };

  // Text left that names no one partner, shown back with a hint while the list is shut.
  const hint = unpicked !== null && !open ? fill(m.partyNotPicked, { query: unpicked }) : null;
  const missing = props.listNote === 'missing';
  const listNote = missing
    ? m.partnersMissing
    : typeof props.listNote === 'number'
      ? fill(m.partnersOld, { date: formatShortDate(new Date(props.listNote)) })
      : null;

  return (
    <div className="relative">
      <input
        id={props.id}
        ref={input}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={hint ? hintId : undefined}
        autoComplete="off"
        placeholder={props.partners.length ? m.typeName : missing ? '' : m.noPartnersKind}
        className={`input w-full ${props.error ? 'input-error' : ''}`}
        value={open ? query : (chosen?.name ?? unpicked ?? '')}
        onClick={() => setQuery(typed.current ?? unpicked ?? '')}
        onChange={(e) => {
          setQuery(e.target.value);
          setUnpicked(null);
          setActive(0);
        }}
        onBlur={() => {
          const left = typed.current;
          if (left === null) return;
          const named = exactParty(props.partners, left);
          if (named) return choose(named);
          setQuery(null);
          // Only a list opened and left untouched keeps the partner chosen before.
          if (!left.trim()) return;
          setUnpicked(left.trim());
          if (props.value) props.onChange('');
        }}
        onKeyDown={onKeyDown}
      />
      {/* Always there, so a screen reader hears the hint when it appears. A refused submit with text
          left here makes the hint the one message, in the error's colour, announced again (a new
          element): "Name is required" would say nothing was typed, even with the list open on it. */}
      <p
        key={props.error ? 'refused' : 'hint'}
        id={hintId}
        className={hint ? `mt-1 text-sm ${props.error ? 'text-error' : ''}` : 'text-sm'}
        aria-live="polite"
        role={props.error && hint ? 'alert' : undefined}
      >
        {hint}
      </p>
      <FieldError message={unpicked === null ? props.error : undefined} />
      {listNote ? (
        <p className={`mt-1 text-sm ${missing ? 'text-warning-content' : 'text-muted'}`} role="status" data-testid="party-list-note">
          {listNote}
        </p>
      ) : null}
      {open ? (
        // The notes under the options sit beside the listbox, not in it (a listbox holds options only);
        // the listbox itself scrolls (a combobox's popup is reached through its field, never by Tab).
        <div className="absolute z-40 mt-1 w-full rounded-box border border-base-300 bg-base-100 p-1 shadow-lg">
          <ul id={listId} role="listbox" aria-label={m.parties} className="menu max-h-72 w-full flex-nowrap overflow-y-auto p-0">
            {shown.map((p, i) => (
              // The option itself takes the tap (a button inside an option is an interactive control
              // nested in another); chosen on pointer down, before the input's blur closes the list.
              <li
                key={p.id}
                id={`${listId}-${p.id}`}
                role="option"
                aria-selected={i === active}
                onPointerDown={(e) => {
                  e.preventDefault();
                  choose(p);
                }}
              >
                <div className={`flex w-full cursor-pointer items-baseline justify-between gap-2 text-left ${i === active ? 'menu-active' : ''}`}>
                  <span className="min-w-0">
                    <span className="block truncate font-medium">{p.name}</span>
                    <span className="block text-xs text-muted">{tr(p.catagories)}</span>
                  </span>
                  <span className="whitespace-nowrap text-xs tabular-nums text-muted">{dueText(m, props.balances?.get(p.id))}</span>
                </div>
              </li>
            ))}
          </ul>
          {shown.length === 0 ? <p className="px-3 py-2 text-sm text-muted">{missing ? m.partnersMissing : fill(m.noPartnerMatch, { query })}</p> : null}
          {matches.length > shown.length ? (
            <p className="px-3 py-2 text-xs text-muted">{fill(m.moreMatches, { count: matches.length - shown.length })}</p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
