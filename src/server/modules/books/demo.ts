import type { Kysely } from 'kysely';
import {
  type KindDef,
  type ProductionRole,
  expenseTypes,
  inputFields,
  kinds,
  months,
  partnerCategories,
  pricingFields,
  registry,
  wireSizes,
} from '../../../shared/registry.ts';
import { type AccountInput, CASH_ACCOUNT_ID, accountNameKey } from '../../../shared/accounts.ts';
import { divideHalfUp, lineTotal } from '../../../shared/money.ts';
import { TRANSFER_KIND } from '../../../shared/transfers.ts';
import { salaryAfterAbsence } from '../../../shared/salary.ts';
import type { DB } from '../../db/schema.ts';
import * as repo from './repository.ts';
import { accountMoves, ledgerEffect, recordRollups } from './rollups.ts';
import { buildEntryRow } from './entries.ts';
import { createAccount } from './accounts.ts';
import { emptyEntry } from './context.ts';

// Believable demo books: partners of every category and a year of entries of every kind,
// written through the same row builder as real saves (so `check` agrees), in batches.

const firstNames = [
  'Rahim',
  'Karim',
  'Jamal',
  'Nasrin',
  'Salma',
  'Habib',
  'Rafiq',
  'Shirin',
  'Anwar',
  'Kamal',
  'Farida',
  'Selim',
  'Monir',
  'Ruma',
  'Babul',
  'Sumon',
];
const lastNames = ['Uddin', 'Mia', 'Hossain', 'Akter', 'Begum', 'Rahman', 'Islam', 'Khan', 'Sarkar', 'Chowdhury'];
const places = ['Fatullah, Narayanganj', 'Tongi, Gazipur', 'Savar, Dhaka', 'Demra, Dhaka', 'Sonargaon, Narayanganj', 'Keraniganj, Dhaka'];
const perCategory: Record<string, number> = { Client: 24, 'Wood Powder Agent': 4, 'Wire Agent': 5, 'Acid Agent': 3, Employee: 12, Investor: 4 };
const pots = Array.from({ length: 20 }, (_, i) => `Pot ${i + 1}`);
const fireMen = ['Abdul Majid', 'Nurul Islam', 'Shafiq Mia', 'Jalal Uddin', 'Bablu Sarkar', 'Mofiz Khan'];

/** A note as the book it is written in would have it: how money moved, a furnace log's line, the stock room's. */
const moneyNotes = ['cash', 'bKash', 'bank transfer', 'partly on credit', 'regular order'];
const fireNotes = ['Full load, steady heat', 'Lit at 6 am', 'Slow to heat, damp powder', 'Door bricks patched', 'Second load of the day', 'Powder running low'];
const stockNotes = ['Counted at the godown', 'From the night shift', 'Coils restacked'];
const notesOf = (kind: KindDef): readonly string[] => (kind.production === 'firing' ? fireNotes : kind.cash ? moneyNotes : stockNotes);

/** How often a production role comes up beside the other kinds: a pot is repaired every 30 or so firings. */
const roleWeights: Partial<Record<ProductionRole, number>> = { firing: 12, repair: 0.4 };

/** The factory's money beside the cash drawer: a bank account and a bKash wallet. */
const demoAccounts: AccountInput[] = [
  { name: 'Sonali Bank, Fatullah', type: 'bank', bank: 'Sonali Bank', branch: 'Fatullah', number: '0117-0200-4521' },
  { name: 'bKash 01711-482930', type: 'mobile', number: '01711482930' },
];
const demoActor = { id: 'demo', name: 'Demo Data', email: 'demo@localhost', role: 'admin' as const, sessionId: 'demo' };

/** The demo's bank and wallet, added once (a second run finds them by name). */
async function demoAccountIds(db: Kysely<DB>): Promise<{ bank: number; wallet: number }> {
  const ids: number[] = [];
  for (const input of demoAccounts) {
    const found = await db.selectFrom('money_accounts').select('id').where('name_key', '=', accountNameKey(input.name)).executeTakeFirst();
    ids.push(Number(found?.id ?? (await createAccount(db, input, demoActor)).id));
  }
  return { bank: ids[0] as number, wallet: ids[1] as number };
}

/** A small seeded random generator, so a demo run is repeatable. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * How many parties of each category: the demo's own 52, or `total` shared out in the same
 * proportions (largest remainders; at least one of each), for a benchmark's 2,000 parties.
 */
export function partiesPerCategory(total?: number): Record<string, number> {
  const base = Object.fromEntries(partnerCategories.map((c) => [c, perCategory[c] ?? 3]));
  if (total === undefined) return base;
  const sum = Object.values(base).reduce((a, b) => a + b, 0);
  const shares = partnerCategories.map((c) => ({ c, exact: (base[c]! * total) / sum }));
  const counts = Object.fromEntries(shares.map(({ c, exact }) => [c, Math.floor(exact)]));
  let left = total - Object.values(counts).reduce((a, b) => a + b, 0);
  for (const { c } of [...shares].sort((a, b) => (b.exact % 1) - (a.exact % 1))) if (left-- > 0) counts[c]! += 1;
  for (const c of partnerCategories) counts[c] = Math.max(1, counts[c]!);
  return counts;
}

/**
 * `kinds`: only these kinds (default: every kind of the registry); a test of an old migration
 * writes the books as they could have been then.
 */
export async function seedDemo(
  db: Kysely<DB>,
  opts: { entries: number; today: string; seed?: number; kinds?: readonly string[]; parties?: number },
): Promise<{ partners: number; entries: number }> {
  const rand = rng(opts.seed ?? 2026);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const between = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));

  const now = new Date().toISOString();
  let made = 0;
  const counts = partiesPerCategory(opts.parties);
  for (const category of partnerCategories) {
    for (let i = 0; i < (counts[category] ?? 0); i++) {
      const name =
        category === 'Client' && i % 3 === 0
          ? `${pick(lastNames)} Wire House ${i + 1}`
          : `${pick(firstNames)} ${pick(lastNames)} ${category === 'Client' ? '' : `(${category.split(' ')[0]})`}`.trim() + ` ${i + 1}`;
      if (await repo.partnerNameTaken(db, category, name)) continue;
      await repo.insertPartner(db, {
        catagories: category,
        name,
        fname: `${pick(firstNames)} ${pick(lastNames)}`,
        mname: `${pick(firstNames)} ${pick(lastNames)}`,
        address: pick(places),
        contact: `017${between(10000000, 99999999)}`,
        nid: String(between(1000000000, 9999999999)),
        assigned_salary: category === 'Employee' ? String(between(9, 25) * 1000) : 'N/A',
        user_note: null,
        created_at: now,
        updated_at: now,
      });
      made++;
    }
  }
  const partners = await repo.listPartners(db);
  // Each list filtered once (an entry picks from one; with a bench's 2,000 parties, filtering per entry was most of the seeding).
  const lists = new Map<string, typeof partners>();
  const byCategory = (cats: readonly string[]) => {
    const key = cats.join('\n');
    let list = lists.get(key);
    if (!list) lists.set(key, (list = partners.filter((p) => cats.includes(p.catagories))));
    return list;
  };

  const start = new Date(`${opts.today}T00:00:00Z`).getTime() - 365 * 86_400_000;
  const money = (lo: number, hi: number) => between(lo, hi) * 100 + (rand() < 0.3 ? between(0, 99) : 0);
  // Who pays the factory in the demo books: clients, paying their dues (any party may, in real books).
  // Clients pay the factory their dues; the factory pays its suppliers theirs: part or all of what
  // is owed at the time (`owed`: each party's ledger balance as the books are written), never more.
  const demoPayers: Record<string, { categories: readonly string[]; side: 1 | -1 }> = {
    paymentReceived: { categories: ['Client'], side: 1 },
    partnerPayment: { categories: ['Wood Powder Agent', 'Wire Agent', 'Acid Agent'], side: -1 },
  };
  const owed = new Map<number, number>();
  /** One of the parties of `categories` owed on `side` (they owe us: 1; we owe them: −1), and how much; null when none is. */
  const owing = (categories: readonly string[], side: 1 | -1) => {
    const found = byCategory(categories).filter((p) => (owed.get(Number(p.id)) ?? 0) * side > 0);
    const p = found.length ? pick(found) : null;
    return p ? { party: p, amount: (owed.get(Number(p.id)) ?? 0) * side } : null;
  };
  const chosen = (kinds as readonly KindDef[]).filter((k) => !opts.kinds || opts.kinds.includes(k.kind));
  // Opening balances are the cut-over day's, entered once (decision 0041): written first, on the books' first day.
  const all = chosen.filter((k) => !k.opening);
  // Sales and furnace work are most of the books; the rest are steady.
  const weights: Record<string, number> = {
    furnace: 6,
    msWire: 6,
    giWire: 4,
    investor: 1,
    paymentReceived: 4,
    stock: 2,
    fire: 5,
    salary: 3,
    partnerPayment: 2,
    woodPowder: 2,
    wireCost: 3,
    acid: 2,
    asset: 1,
    otherExpense: 2,
    potRepair: 2,
  };
  const weightOf = (k: KindDef) => (k.production ? roleWeights[k.production] : undefined) ?? weights[k.kind] ?? 1;
  const totalWeight = all.reduce((sum, k) => sum + weightOf(k), 0);
  const pickKind = () => {
    let r = rand() * totalWeight;
    for (const k of all) if ((r -= weightOf(k)) < 0) return k;
    return all[all.length - 1] as KindDef;
  };

  /** Believable figures for the production report: pots, fire men, weights, rates and bills of the factory. */
  const productionInput = (role: ProductionRole): Record<string, unknown> => {
    const rate = (lo: number, hi: number) => between(lo * 100, hi * 100);
    switch (role) {
      case 'firing':
        return { roll: String(between(1, 12)), pot_number: pick(pots), fire_man: pick(fireMen), weight: between(250, 600) * 1000 + between(0, 999) };
      case 'repair':
        // Now and then a new pot is made; mostly a patch.
        return { potNumb: pick(pots), repairsAmount: rand() < 0.15 ? money(15_000, 30_000) : money(1_500, 6_000) };
      case 'powder':
        return { qunatity: between(5, 40) * 1000, price: rate(600, 900) };
      case 'acidBought':
        return { qunatity: between(1, 6) * 1000, price: rate(1_100, 1_500) };
      case 'wireBought':
        return { price: rate(78, 90) };
      case 'wireSold':
        return { price: rate(115, 130) };
      case 'furnaceWork':
        return { price: rate(8, 14) };
      case 'salaries':
        return {};
      case 'otherExpenses':
        return { paid_amount: money(1_000, 15_000) };
    }
  };

  // Where the money is (issue 28): sales and payments now and then by bank or bKash, the drawer's
  // cash taken to the bank each week, the wallet cashed out each month with its fee. Not with a
  // chosen set of kinds (a benchmark's books).
  const accounts = opts.kinds ? null : await demoAccountIds(db);
  const held = new Map<number, number>();

  let batch: repo.NewEntry[] = [];
  let cash = 0;
  let stock = 0;
  const flush = async () => {
    const rows = batch;
    const c = cash;
    const s = stock;
    batch = [];
    cash = 0;
    stock = 0;
    await db.transaction().execute(async (trx) => {
      await repo.insertEntries(trx, rows);
      await repo.applyToSummary(trx, c, s, rows.length);
      await recordRollups(trx, registry, rows);
    });
  };

  const firstDay = new Date(start).toISOString().slice(0, 10);
  const record = (row: repo.NewEntry) => {
    if (row.party_id !== null) owed.set(row.party_id, (owed.get(row.party_id) ?? 0) + ledgerEffect(registry, row));
    for (const move of accountMoves(row)) held.set(move.account_id, (held.get(move.account_id) ?? 0) + move.cash_p);
    batch.push(row);
    cash += row.cash_p;
    stock += row.stock_g;
  };
  for (const kind of chosen.filter((k) => k.opening)) {
    const stamps = { issue_date: firstDay, issued_by: 'Demo Data', author_id: 'demo', created_at: now, idempotency_key: null };
    const side = inputFields(kind).find((f) => f.input.type === 'choice');
    const amount = kind.cash?.field ?? kind.ledger?.field ?? 'paid_amount';
    // Cash's balance when the books began; wire stock counted then, beyond what the entries say (an adjustment).
    if (kind.opening === 'account' && kind.stock && side?.input.type === 'choice')
      record(
        buildEntryRow(
          kind,
          { [side.name]: side.input.options[0], [kind.stock.field]: between(100, 500) * 1000, note: 'Stock counted at cut-over' },
          null,
          stamps,
        ),
      );
    else if (kind.opening === 'account') record(buildEntryRow(kind, { [amount]: money(50_000, 200_000), note: 'Counted at cut-over' }, null, stamps));
    // Two clients owed the factory and a wire agent was owed, when the books began.
    else if (side?.input.type === 'choice')
      for (const [category, way] of [
        ['Client', 0],
        ['Client', 0],
        ['Wire Agent', 1],
      ] as const) {
        const p = pick(byCategory([category]));
        record(
          buildEntryRow(
            kind,
            { [side.name]: side.input.options[way], [amount]: money(5_000, 50_000), note: 'Old khata' },
            { id: Number(p.id), name: p.name },
            stamps,
          ),
        );
      }
  }

  // The openings count among the entries asked for.
  const count = Math.max(opts.entries - batch.length, 0);
  const days = Array.from({ length: count }, () => between(0, 365)).sort((a, b) => a - b);
  /** A transfer on `issueDate` of `amount` poisha (and a fee: an expense), as POST /api/transfers writes it. */
  const transfer = (issueDate: string, from: number, to: number, amount: number, fee: number, note: string) =>
    record(
      Object.assign(
        emptyEntry(),
        { kind: TRANSFER_KIND, issue_date: issueDate, issued_by: 'Demo Data', author_id: 'demo', created_at: now, idempotency_key: null },
        {
          account_id: from,
          to_account_id: to,
          paid_amount_p: amount,
          cash_p: 0 - fee,
          note,
        },
      ),
    );
  let lastWeek = -1;
  let lastMonth = '';
  for (let i = 0; i < count; i++) {
    // A transfer takes the place of an entry: the books hold the number of entries asked for.
    if (accounts) {
      const day = new Date(start + (days[i] ?? 0) * 86_400_000).toISOString().slice(0, 10);
      const [week, month] = [Math.floor((days[i] ?? 0) / 7), day.slice(0, 7)];
      const [newWeek, newMonth] = [lastWeek >= 0 && week !== lastWeek, lastMonth !== '' && month !== lastMonth];
      lastWeek = week;
      lastMonth = month;
      // Each week, most of the drawer's cash (in whole thousands) is taken to the bank.
      const drawer = held.get(CASH_ACCOUNT_ID) ?? 0;
      if (newWeek && drawer > 2_000_000) {
        transfer(day, CASH_ACCOUNT_ID, accounts.bank, Math.floor((drawer * 0.6) / 100_000) * 100_000, 0, 'Deposited at the branch');
        continue;
      }
      // Each month, the wallet is cashed out at an agent: 18.50 taka a thousand.
      const wallet = held.get(accounts.wallet) ?? 0;
      if (newMonth && wallet > 500_000) {
        const amount = Math.floor((wallet * 0.8) / 100_000) * 100_000;
        transfer(day, accounts.wallet, CASH_ACCOUNT_ID, amount, divideHalfUp(amount * 185, 10_000), 'bKash cash-out');
        continue;
      }
    }
    const kind = pickKind();
    let day = new Date(start + (days[i] ?? 0) * 86_400_000);
    // The furnace rests on Fridays.
    if (kind.production === 'firing' && day.getUTCDay() === 5) day = new Date(day.getTime() + 86_400_000);
    const issueDate = day.toISOString().slice(0, 10);
    const input: Record<string, unknown> = {};
    let party: { id: number; name: string } | null = null;
    for (const f of inputFields(kind)) {
      switch (f.input.type) {
        case 'party': {
          const payer = demoPayers[kind.kind];
          const due = payer ? owing(payer.categories, payer.side) : null;
          const p = due?.party ?? pick(byCategory(payer?.categories ?? f.input.categories));
          party = { id: Number(p.id), name: p.name };
          if (payer) input.paid_amount = due ? Math.max(100, divideHalfUp(due.amount * between(300, 1000), 1000)) : money(500, 2_000);
          break;
        }
        case 'choice':
          input[f.name] =
            f.input.options === months
              ? months[new Date(`${issueDate}T00:00:00Z`).getUTCMonth()]
              : f.input.options === wireSizes
                ? pick(wireSizes.slice(3, 18))
                : pick(f.input.options === expenseTypes ? expenseTypes : f.input.options);
          break;
        case 'decimal':
          if (f.input.unit === 'weight') input[f.name] = ((kind.stock?.direction ?? 0) > 0 ? between(2000, 6000) : between(50, 600)) * 1000 + between(0, 999);
          else if (f.input.unit === 'rate') input[f.name] = between(60, 140) * 100 + between(0, 99);
          else if (f.input.unit === 'quantity' || f.input.unit === 'unit') input[f.name] = between(1, 200) * 1000;
          else if (input[f.name] === undefined) input[f.name] = f.role === 'discount' ? (rand() < 0.7 ? 0 : money(50, 2000)) : money(500, 60000);
          break;
        case 'text':
          if (f.name === 'assignedSalary') input[f.name] = 'N/A';
          else if (f.name === 'absent') input[f.name] = String(between(0, 3));
          else if (f.required || rand() < 0.4) input[f.name] = f.name === 'note' ? pick(notesOf(kind)) : `${f.label.split(' ')[0]} ${between(1, 60)}`;
          break;
      }
    }
    if (kind.production) Object.assign(input, productionInput(kind.production));
    // A bill is paid in full, in part or not yet, and never more than it comes to, so clients owe
    // the factory and the factory owes its suppliers, as in a factory's books; a discount is small.
    const priced = pricingFields(kind);
    if (priced?.paid) {
      const total = lineTotal(Number(input[priced.amount.name]), Number(input[priced.rate.name]));
      const discount = priced.discount && rand() < 0.3 ? divideHalfUp(total * between(1, 20), 1000) : 0;
      if (priced.discount) input[priced.discount.name] = discount;
      const share = rand();
      input[priced.paid.name] = divideHalfUp((total - discount) * (share < 0.5 ? 1000 : share < 0.85 ? between(300, 900) : 0), 1000);
    }
    if (kind.production === 'salaries' && party) {
      input.assignedSalary = partners.find((p) => Number(p.id) === party?.id)?.assigned_salary ?? 'N/A';
      // A month's salary, less a thirtieth for each day absent (the salary form's suggestion).
      input.paid_amount = salaryAfterAbsence(String(input.assignedSalary), String(input.absent ?? '')) ?? input.paid_amount;
    }
    const row = buildEntryRow(kind, input, party, { issue_date: issueDate, issued_by: 'Demo Data', author_id: 'demo', created_at: now, idempotency_key: null });
    // Most fires have ended (a lifecycle without an entry of its own: a closing note).
    const l = kind.lifecycle;
    if (l && !l.entry && rand() < 0.9) {
      // Ended in the evening of its day (Dhaka, UTC+6), the time stamped as the server would.
      const [hour, minute] = [between(17, 23), between(0, 59)];
      const at = new Date(`${issueDate}T${String(hour - 6).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`).toISOString();
      Object.assign(row, {
        [l.status]: 1,
        [l.value.column]: pick(['Cooled and unloaded', 'Wire bright, good heat', 'Pot needs a patch']),
        lifecycle_at: at,
        lifecycle_by: 'Demo Data',
      });
    }
    // Some money comes and goes by the bank or bKash: a client's payment or a sale, a supplier paid from the bank.
    if (accounts && kind.cash && row.cash_p !== 0) {
      const r = rand();
      if (row.cash_p > 0 && row.party_id !== null) row.account_id = r < 0.2 ? accounts.bank : r < 0.35 ? accounts.wallet : CASH_ACCOUNT_ID;
      // A supplier paid from the bank, while the bank has it.
      else if (row.cash_p < 0 && demoPayers[kind.kind]?.side === -1 && r < 0.4 && (held.get(accounts.bank) ?? 0) + row.cash_p >= 0)
        row.account_id = accounts.bank;
    }
    record(row);
    if (batch.length >= 2000) await flush();
  }
  await flush();
  return { partners: made, entries: opts.entries };
}
