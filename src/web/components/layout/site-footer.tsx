import { digitsFor } from '../../../shared/digits';
import { companyIn } from '../../content';
import { useLanguage, useMessages } from '../../lib/i18n';
import { useNow } from '../../lib/use-now';

export function SiteFooter() {
  const m = useMessages();
  const lang = useLanguage();
  const company = companyIn(lang);
  const now = useNow();
  return (
    <footer className="no-print bg-neutral text-neutral-content">
      <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between">
        <p>
          ©{' '}
          <span className="inline-block min-w-[4ch]" data-live="year">
            {now ? digitsFor(String(now.getFullYear()), lang) : null}
          </span>{' '}
          {company.copyright}
        </p>
        <p>
          {m.contact}{' '}
          <a className="link" href={`mailto:${company.email}`}>
            {company.email}
          </a>
          <span className="hidden sm:inline"> · </span>
          <span className="block sm:inline">{company.address}</span>
        </p>
      </div>
    </footer>
  );
}
