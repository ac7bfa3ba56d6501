// The signed-in role as a cookie the page can read (set by the server with the session, see
// src/server/auth/plugin.ts): a script in the page's head copies it onto <html data-role> before the
// first paint, so the header is drawn in its signed-in shape from the start (no layout shift when
// the session answers). A hint for the layout only: nothing trusts it.
export const ROLE_HINT = 'ama-role';

/** The head script (inline; the server allows it by its hash): `<html data-role="admin">`. */
export const roleHintScript = `(function(){var m=document.cookie.match(/(?:^|; )${ROLE_HINT}=(user|acounts|admin)(?:;|$)/);if(m)document.documentElement.setAttribute('data-role',m[1])})()`;
