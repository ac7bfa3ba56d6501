import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { entryBody } from '../../helpers/factories.ts';
import { partnerCategories, registry } from '../../../src/shared/registry.ts';
import { addPartner } from './accounts.ts';
import { e2ePorts } from './world.ts';

const origin = { origin: `http://127.0.0.1:${e2ePorts().port}` };

/**
 * A partner of every category and one entry of every kind (as the e2e admin), so lists, cards and
 * statements have rows. `note`: the entries' note. Returns the partners' names and ids by category.
 */
export async function oneOfEveryKind(request: APIRequestContext, note: string): Promise<{ names: Record<string, string>; ids: number[] }> {
  // The worker's process in the name too: two workers seeding in the same millisecond must not collide.
  const stamp = `${Date.now() % 100000}${String(process.pid % 100).padStart(2, '0')}`;
  const names = Object.fromEntries(partnerCategories.map((c) => [c, `Screen ${c} ${stamp}`]));
  const ids = await Promise.all(partnerCategories.map((c) => addPartner(request, c, names[c]!)));
  for (const kind of registry.kinds) {
    const body = entryBody(
      kind,
      {},
      (cats) => names[cats[0]!]!,
      (f) => (f.name === 'note' ? note : undefined),
    );
    const res = await request.post(`/api/${kind.path}`, { data: body, headers: origin });
    expect(res.status(), `${kind.kind}: ${await res.text()}`).toBe(201);
  }
  return { names, ids };
}
