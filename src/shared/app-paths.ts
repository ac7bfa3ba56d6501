// The paths the web app answers. The server uses this list to send the app with 200 for these
// and with 404 for anything else (the app then shows its 'Not Found' page).
export const appPaths = [
  '/',
  '/login',
  '/signup',
  '/reset-password',
  '/cashIn',
  '/cashOut',
  '/fireCount',
  '/addusers',
  '/loggedInUsers',
  '/dashboard',
  '/dashboard/*',
] as const;

export function isAppPath(pathname: string): boolean {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return appPaths.some((p) => (p.endsWith('/*') ? clean.startsWith(p.slice(0, -1)) && clean.length > p.length - 1 : clean === p));
}
