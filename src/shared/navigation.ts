import type { Access } from './roles.ts';

// The header's navigation links (spec §2), each shown only to those its access allows.
export interface NavLink {
  to: string;
  label: string;
  access: Access;
}

export const navLinks: readonly NavLink[] = [
  { to: '/', label: 'Home', access: 'user' },
  { to: '/login', label: 'Login', access: 'anonymous' },
  { to: '/dashboard', label: 'Dashboard', access: 'acounts' },
  { to: '/cashOut', label: 'Debit', access: 'acounts' },
  { to: '/cashIn', label: 'Credit', access: 'acounts' },
  { to: '/fireCount', label: 'Fire Count', access: 'acounts' },
  { to: '/addusers', label: 'Add Users', access: 'admin' },
  { to: '/loggedInUsers', label: 'Admins & Users', access: 'admin' },
];
