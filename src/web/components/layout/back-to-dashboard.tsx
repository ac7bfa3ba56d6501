import { Link } from 'react-router';

/** The way back from a statement, ledger or report (not printed). */
export function BackToDashboard({ to = '/dashboard', label = 'Back to the dashboard' }: { to?: string; label?: string }) {
  return (
    <p className="no-print mt-3 text-sm">
      <Link to={to} className="link">
        {label}
      </Link>
    </p>
  );
}
