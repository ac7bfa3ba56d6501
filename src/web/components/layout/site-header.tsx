import { useRef } from 'react';
import { Link, NavLink } from 'react-router';
import { navLinks } from '../../../shared/navigation';
import { allows, type Role } from '../../../shared/roles';
import { home } from '../../content';

export function SiteHeader() {
  // Signed-in state (name, stock, balance, logout) arrives with accounts; until then every
  // visitor is anonymous and sees the Login link only.
  const role: Role | null = null;
  const links = navLinks.filter((link) => allows(link.access, role));
  const menu = useRef<HTMLDetailsElement>(null);
  const closeMenu = () => menu.current?.removeAttribute('open');

  return (
    <header className="no-print border-b border-base-300 bg-base-100">
      <div className="navbar mx-auto max-w-6xl gap-2 px-3">
        <div className="flex-1">
          <Link to="/" className="flex items-center gap-2 text-lg font-bold leading-tight text-primary">
            <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
            <span>{home.company.name}</span>
          </Link>
        </div>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="menu menu-horizontal gap-1 px-1">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end className={({ isActive }) => (isActive ? 'menu-active' : '')}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <details ref={menu} className="dropdown dropdown-end md:hidden">
          <summary className="btn btn-ghost btn-square" role="button" aria-label="Open menu">
            <svg xmlns="http://www.w3.org/2000/svg" className="size-6" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
              <path strokeLinecap="round" strokeLinejoin="round" strokeWidth="2" d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </summary>
          <ul className="menu dropdown-content z-20 mt-2 w-56 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end onClick={closeMenu}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </details>
      </div>
    </header>
  );
}
