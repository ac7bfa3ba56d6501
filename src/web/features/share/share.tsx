import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { LastAnswer } from '../../../shared/share-api';
import { bdMobile, dueMessage, smsHref, whatsappHref } from '../../../shared/share-message';
import { toUnits, units } from '../../../shared/money';
import { fill } from '../../../shared/messages';
import { home } from '../../content';
import { businessTimeText } from '../../lib/config';
import { errorText } from '../../lib/error-text';
import { formatCell } from '../../lib/format';
import { useLanguage, useTexts } from '../../lib/i18n';
import { type MadeLink, shareStatusQuery, useShareLink } from './api';
import { shareTexts } from './texts';

// The statement in the party's hands (issue 29, decision 0038): a link to its ledger, and the due
// sent on WhatsApp or SMS with it. A link's token is shown once, when made (only its hash is kept):
// sending again makes a new link, which revokes the one before.

type Lang = 'en' | 'bn';
const when = (iso: string) => businessTimeText(undefined, iso);

/**
 * The party's latest answer to its statement: 'confirmed ৳ 600.00 on …' or 'disputed …: the note'.
 * `compact` (a list's cell): the answer and the balance, the day and the note on hover.
 */
export function AnswerBadge({ answer, compact = false }: { answer: LastAnswer; compact?: boolean }) {
  const m = useTexts(shareTexts);
  if (!answer) return null;
  const confirmed = answer.answer === 'confirm';
  const words = { answer: confirmed ? m.answerConfirm : m.answerDispute, balance: formatCell(answer.balance, 'money'), day: when(answer.at) };
  const full = `${fill(m.answerOn, words)}${answer.note ? `: ${answer.note}` : ''}`;
  return (
    <span
      className={`badge badge-sm ${confirmed ? 'badge-success' : 'badge-warning'} h-auto ${compact ? 'whitespace-nowrap' : 'whitespace-normal'}`}
      title={compact ? full : undefined}
      data-testid="party-answer"
    >
      {compact ? `${words.answer} ${words.balance}` : full}
    </span>
  );
}

function LanguagePick({ value, onChange }: { value: Lang; onChange: (l: Lang) => void }) {
  const m = useTexts(shareTexts);
  return (
    <label className="flex flex-col gap-1 text-sm">
      {m.shareLanguage}
      <select className="select select-sm" lang={value} value={value} onChange={(e) => onChange(e.target.value as Lang)} data-testid="share-lang">
        <option value="en" lang="en">
          {m.langEn}
        </option>
        <option value="bn" lang="bn">
          {m.langBn}
        </option>
      </select>
    </label>
  );
}

/** The button that makes a new link in `lang` (revoking the party's link before it). */
function MakeLink(p: {
  make: ReturnType<typeof useShareLink>['make'];
  lang: Lang;
  onMade: (l: MadeLink) => void;
  className: string;
  testId: string;
  label: string;
}) {
  return (
    <button
      type="button"
      className={`btn btn-sm ${p.className}`}
      disabled={p.make.isPending}
      onClick={() => p.make.mutate(p.lang, { onSuccess: p.onMade })}
      data-testid={p.testId}
    >
      {p.label}
    </button>
  );
}

/** WhatsApp and SMS with the message written for the link; each tap is recorded as a reminder. */
function SendLinks({
  partnerId,
  link,
  name,
  contact,
  due,
  asOf,
}: {
  partnerId: number;
  link: MadeLink;
  name: string;
  contact: string | undefined;
  due: number;
  asOf: string;
}) {
  const m = useTexts(shareTexts);
  const { remind } = useShareLink(partnerId);
  const phone = bdMobile(contact);
  if (!phone) return <p className="text-sm text-warning">{m.shareNoPhone}</p>;
  const text = dueMessage(link.lang, { company: home.company.name, name, due: toUnits(due, units.money), asOf, url: link.url });
  return (
    <div className="flex flex-wrap gap-2">
      <a
        className="btn btn-sm btn-success"
        href={whatsappHref(phone, text)}
        target="_blank"
        rel="noopener noreferrer"
        onClick={() => remind.mutate('whatsapp')}
        data-testid="send-whatsapp"
      >
        {m.shareWhatsapp}
      </a>
      <a className="btn btn-sm btn-outline" href={smsHref(phone, text)} onClick={() => remind.mutate('sms')} data-testid="send-sms">
        {m.shareSms}
      </a>
    </div>
  );
}

/** On a party's ledger: make, see and revoke its link; send it; its last answer. */
export function SharePanel({
  partnerId,
  name,
  contact,
  closing,
  asOf,
}: {
  partnerId: number;
  name: string;
  contact: string | undefined;
  closing: number;
  asOf: string;
}) {
  const m = useTexts(shareTexts);
  const [lang, setLang] = useState<Lang>(useLanguage());
  const [made, setMade] = useState<MadeLink | null>(null);
  const status = useQuery(shareStatusQuery(partnerId));
  const { make, revoke } = useShareLink(partnerId);
  const link = status.data?.link;
  const error = make.error ?? revoke.error;
  return (
    <section className="no-print mt-6 rounded-box border border-base-300 p-4" data-testid="share-panel">
      <h2 className="text-lg font-bold">{m.shareTitle}</h2>
      <p className="mt-1 text-sm text-muted">{m.shareIntro}</p>
      {status.data?.last_answer ? (
        <p className="mt-2">
          <AnswerBadge answer={status.data.last_answer} />
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <LanguagePick value={lang} onChange={setLang} />
        <MakeLink make={make} lang={lang} onMade={setMade} className="btn-primary" testId="share-make" label={link ? m.shareNew : m.shareMake} />
        {link ? (
          <button
            type="button"
            className="btn btn-sm btn-outline btn-error"
            disabled={revoke.isPending}
            onClick={() => revoke.mutate(undefined, { onSuccess: () => setMade(null) })}
            data-testid="share-revoke"
          >
            {m.shareRevoke}
          </button>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-error">
          {errorText(error)}
        </p>
      ) : null}
      {made && link ? (
        <div className="mt-3 flex flex-col gap-2">
          <label className="flex flex-col gap-1 text-sm">
            {m.shareLink}
            <input className="input input-sm w-full" readOnly value={made.url} onFocus={(e) => e.target.select()} data-testid="share-url" />
          </label>
          <SendLinks partnerId={partnerId} link={made} name={name} contact={contact} due={closing} asOf={asOf} />
        </div>
      ) : null}
      <p className="mt-2 text-sm" data-testid="share-status">
        {link
          ? `${fill(m.shareExpires, { day: when(link.expires_at) })} · ${
              link.first_opened_at
                ? fill(m.shareOpened, { first: when(link.first_opened_at), last: when(link.last_opened_at ?? link.first_opened_at) })
                : m.shareNotOpened
            }`
          : m.shareNone}
      </p>
    </section>
  );
}

/** On the due list: Send makes a link in the chosen language, then WhatsApp and SMS send it. */
export function SendDue({
  partnerId,
  name,
  contact,
  due,
  asOf,
  lang,
}: {
  partnerId: number;
  name: string;
  contact: string | undefined;
  due: number;
  asOf: string;
  lang: Lang;
}) {
  const m = useTexts(shareTexts);
  const [made, setMade] = useState<MadeLink | null>(null);
  const { make } = useShareLink(partnerId);
  if (made) return <SendLinks partnerId={partnerId} link={made} name={name} contact={contact} due={due} asOf={asOf} />;
  return <MakeLink make={make} lang={lang} onMade={setMade} className="btn-outline" testId="send-due" label={m.shareSend} />;
}

export { LanguagePick };
