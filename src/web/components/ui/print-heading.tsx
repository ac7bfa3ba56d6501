import { useEffect } from 'react';
import { formatLongDate } from '../../../shared/dates';
import { fill } from '../../../shared/messages';
import { companyIn, home } from '../../content';
import { tr, useLanguage, useMessages } from '../../lib/i18n';

/** Whom a printed statement is about: the partner's name and where to reach them. */
export interface PrintParty {
  name: string;
  catagories?: string | undefined;
  address?: string | undefined;
  contact?: string | undefined;
}

/**
 * On paper only: the company and its address, the party and theirs, the dates the page covers and
 * the day it was printed. While a party's page prints, the document's title (the name a saved PDF
 * gets) is the party's and the dates', not the screen's.
 */
export function PrintHeading({ rangeText, party }: { rangeText: string; party?: PrintParty | undefined }) {
  const m = useMessages();
  // The letterhead in the page's language, as the footer on screen has it.
  const company = companyIn(useLanguage());
  const partyName = party?.name;
  useEffect(() => {
    if (!partyName) return;
    const printTitle = `${partyName} · ${rangeText} · ${home.company.name}`;
    let screenTitle = document.title;
    const before = () => {
      screenTitle = document.title;
      document.title = printTitle;
    };
    const after = () => {
      if (document.title === printTitle) document.title = screenTitle;
    };
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
      after();
    };
  }, [partyName, rangeText]);
  return (
    <div className="print-only mb-3" data-testid="print-heading">
      <div className="flex items-start justify-between gap-6">
        <div>
          <p className="text-lg font-bold">{company.name}</p>
          <p className="text-xs">{company.address}</p>
          <p className="text-xs">{company.email}</p>
        </div>
        {party ? (
          <div className="text-right text-xs" data-testid="print-party">
            <p className="text-sm font-bold">{party.name}</p>
            {party.catagories ? <p>{tr(party.catagories)}</p> : null}
            {party.address ? <p>{party.address}</p> : null}
            {party.contact ? <p>{party.contact}</p> : null}
          </div>
        ) : null}
      </div>
      <p className="mt-2 text-sm">{fill(m.printedOn, { range: rangeText, date: formatLongDate(new Date()) })}</p>
    </div>
  );
}

/** On paper only, after the figures: lines to sign. */
export function PrintSignatures() {
  const m = useMessages();
  return (
    <div className="print-only print-signatures mt-16" data-testid="print-signatures">
      <div className="grid grid-cols-3 gap-10 text-center text-xs">
        {[m.preparedBy, m.checkedBy, m.receiptReceivedBy].map((who) => (
          <p key={who} className="border-t border-black pt-1">
            {who}
          </p>
        ))}
      </div>
    </div>
  );
}
