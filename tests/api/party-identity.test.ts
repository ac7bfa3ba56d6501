import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBooks } from '../../src/server/modules/books/check.ts';
import type { Agent } from '../helpers/agent.ts';
import { type TestApp, createTestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { entryBody, partnerBody } from '../helpers/factories.ts';

// A party is its partner record: a rename keeps one history, the same name in two categories is
// two parties, and names that only look different (case, invisible or look-alike letters) are
// one name, on both databases alike.

describe.each(dialects)('parties on %s', (dialect) => {
  let t: TestApp;
  let admin: Agent;
  let acc: Agent;
  const tag = `${Date.now() % 100000}`;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ agent: admin } = await t.signedIn('admin'));
    ({ agent: acc } = await t.signedIn('acounts'));
  });
  afterAll(() => t.close());

  const addPartner = async (category: string, name: string) => {
    const res = await admin.post('/api/userDetailsData', partnerBody(category, name));
    return { status: res.statusCode, body: res.json() };
  };
  const sale = (name: string, paid: string, partner_id?: number) =>
    entryBody(
      'msWire',
      { size: '12', weight: '10', price: '100', paid_amount: paid, discount_amount: '0', note: 'sale', ...(partner_id ? { partner_id } : {}) },
      name,
    );

  it('keeps one history under the new name after a rename', async () => {
    const made = await addPartner('Client', `Karim Akter ${tag}`);
    expect(made.status).toBe(201);
    const id = made.body.data.id as number;
    expect((await acc.post('/api/mWireData', sale(`Karim Akter ${tag}`, '300'))).statusCode).toBe(201);
    const renamed = await admin.put(`/api/userDetailsData/${id}`, partnerBody('Client', `Karim Akter Traders ${tag}`));
    expect(renamed.statusCode).toBe(200);
    expect((await acc.post('/api/mWireData', sale(`Karim Akter Traders ${tag}`, '200'))).statusCode).toBe(201);

    const names = (await acc.get(`/api/mWireData/names?s=${tag}`)).json().data;
    expect(names).toEqual([{ name: `Karim Akter Traders ${tag}`, count: 2, partner_id: id, catagories: 'Client' }]);
    const statement = (await acc.get(`/api/mWireData?partner=${id}`)).json();
    expect(statement.data.map((e: { name: string }) => e.name)).toEqual([`Karim Akter Traders ${tag}`, `Karim Akter Traders ${tag}`]);
    expect(statement.data[1].name_as_typed).toBe(`Karim Akter ${tag}`);
    expect(statement.totals.paid_amount).toBe(500);
    // The spec's name= finds the partner by its current name, entries and totals alike.
    expect((await acc.get(`/api/mWireData?name=${encodeURIComponent(`Karim Akter Traders ${tag}`)}`)).json().totals.paid_amount).toBe(500);
    expect(await checkBooks(t.app.deps.database.db)).toEqual([]);
  });

  it('keeps two partners of one name in two categories apart, and asks which when only the name is sent', async () => {
    const name = `Rahim & Sons Wire ${tag}`;
    const client = (await addPartner('Client', name)).body.data.id as number;
    const agent = (await addPartner('Wire Agent', name)).body.data.id as number;
    const pay = (partner_id?: number) => entryBody('partnerPayment', { paid_amount: '1000', note: 'advance', ...(partner_id ? { partner_id } : {}) }, name);

    const ambiguous = await acc.post('/api/paymentData', pay());
    expect(ambiguous.statusCode).toBe(400);
    expect(ambiguous.json().error).toMatchObject({ field: 'name', message: 'name: matches 2 partners: choose one' });
    expect((await acc.post('/api/paymentData', pay(client))).statusCode).toBe(201);
    expect((await acc.post('/api/paymentData', { ...pay(agent), paid_amount: '250' })).statusCode).toBe(201);

    const names = (await acc.get(`/api/paymentData/names?s=${encodeURIComponent(name)}`)).json().data;
    expect(names).toEqual(
      expect.arrayContaining([
        { name, count: 1, partner_id: client, catagories: 'Client' },
        { name, count: 1, partner_id: agent, catagories: 'Wire Agent' },
      ]),
    );
    expect(names).toHaveLength(2);
    expect((await acc.get(`/api/paymentData?partner=${client}`)).json().totals.paid_amount).toBe(1000);
    expect((await acc.get(`/api/paymentData?partner=${agent}`)).json().totals.paid_amount).toBe(250);
    expect((await acc.get(`/api/paymentData?name=${encodeURIComponent(name)}`)).statusCode).toBe(400);
  });

  it('stores names clean and refuses one that only looks different from a partner of the category', async () => {
    const stored = await addPartner('Client', `  École   Wire ${tag}  `);
    expect(stored.status).toBe(201);
    expect(stored.body.data.name).toBe(`École Wire ${tag}`);
    for (const lookAlike of [`ÉCOLE WIRE ${tag}`, `école wire ${tag}`, `E\u0301cole Wire ${tag}`, `Éсоle Wire ${tag}` /* Cyrillic с and о */]) {
      const res = await addPartner('Client', lookAlike);
      expect(res.status, lookAlike).toBe(409);
      expect(res.body.error.field).toBe('name');
    }
    // The same name in another category is another party.
    expect((await addPartner('Investor', `ÉCOLE WIRE ${tag}`)).status).toBe(201);
    for (const hidden of [`Zero\u200bWidth ${tag}`, `Right\u200fMark ${tag}`, `Bell\u0007 ${tag}`]) {
      const res = await addPartner('Client', hidden);
      expect(res.status, JSON.stringify(hidden)).toBe(400);
      expect(res.body.error).toMatchObject({ field: 'name', message: 'name: Name has a character that cannot be seen: type it again' });
    }
  });
});
