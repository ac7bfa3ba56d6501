import { describe, expect, it } from 'vitest';
import { isAppPath } from '../../src/shared/app-paths.ts';
import routes from '../../src/web/routes.ts';

type Entry = { path?: string; index?: boolean; children?: Entry[] };
function paths(entries: Entry[], prefix = ''): string[] {
  return entries.flatMap((e) => {
    const own = e.index ? prefix || '/' : e.path !== undefined ? `${prefix}/${e.path}`.replace(/\/+/g, '/') : prefix;
    return [...(e.index || e.path !== undefined ? [own] : []), ...paths(e.children ?? [], own === '/' ? '' : own)];
  });
}

describe('app paths', () => {
  it('knows the pages of the app and nothing else', () => {
    for (const p of ['/', '/login', '/cashIn', '/dashboard', '/dashboard/salaryHistory', '/loggedInUsers/']) expect(isAppPath(p), p).toBe(true);
    for (const p of ['/nope', '/cashin', '/dashboardx', '/login/extra', '/api']) expect(isAppPath(p), p).toBe(false);
  });

  it('covers every route the web app declares (the catch-all aside)', () => {
    const declared = paths(routes as Entry[]).filter((p) => !p.endsWith('*'));
    expect(declared.length).toBeGreaterThan(0);
    for (const p of declared) expect(isAppPath(p.replace(/:\w+/g, 'x')), p).toBe(true);
  });
});
