import { Link } from 'react-router';
import { messages } from '../../../shared/messages';
import { tr, useMessages } from '../../lib/i18n';

/** The way back from a statement, ledger or report (not printed). */
export function BackToDashboard({ to = '/dashboard', label = messages.backToDashboard }: { to?: string; label?: string }) {
  useMessages();
  return (
    <p className="no-print mt-3 text-sm">
      <Link to={to} className="link">
        {tr(label)}
      </Link>
    </p>
  );
}
