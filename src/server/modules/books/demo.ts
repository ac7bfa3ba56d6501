import type { Kysely } from 'kysely';
import { type KindDef, expenseTypes, inputFields, kinds, months, partnerCategories, wireSizes } from '../../../shared/registry.ts';
import type { DB } from '../../db/schema.ts';
import * as repo from './repository.ts';
import { recordRollups } from './rollups.ts';
import { buildEntryRow } from './entries.ts';

// Believable demo books: partners of every category and a year of entries of every kind,
// written through the same row builder as real saves (so `check` agrees), in batches.

const firstNames = ['Rahim', 'Karim', 'Jamal', 'Nasrin', 'Salma', 'Habib', 'Rafiq', 'Shirin', 'Anwar', 'Kamal', 'Farida', 'Selim', 'Monir', 'Ruma', 'Babul', 'Sumon'];
const lastNames = ['Uddin', 'Mia', 'Hossain', 'Akter', 'Begum', 'Rahman', 'Islam', 'Khan', 'Sarkar', 'Chowdhury'];
const places = ['Fatullah, Narayanganj', 'Tongi, Gazipur', 'Savar, Dhaka', 'Demra, Dhaka', 'Sonargaon, Narayanganj', 'Keraniganj, Dhaka'];
const perCategory: Record<string, number> = { Client: 24, 'Wood Powder Agent': 4, 'Wire Agent': 5, 'Acid Agent': 3, Employee: 12, Investor: 4 };

/** A small seeded random generator, so a demo run is repeatable. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export async function seedDemo(db: Kysely<DB>, opts: { entries: number; today: string; seed?: number }): Promise<{ partners: number; entries: number }> {
  const rand = rng(opts.seed ?? 2026);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const between = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));

  const now = new Date().toISOString();
  let made = 0;
  for (const category of partnerCategories) {
    for (let i = 0; i < (perCategory[category] ?? 3); i++) {
      const name = category === 'Client' && i % 3 === 0 ? `${pick(lastNames)} Wire House ${i + 1}` : `${pick(firstNames)} ${pick(lastNames)} ${category === 'Client' ? '' : `(${category.split(' ')[0]})`}`.trim() + ` ${i + 1}`;
      if (await repo.partnerNameTaken(db, category, name)) continue;
      await repo.insertPartner(db, {
        catagories: category, name, fname: `${pick(firstNames)} ${pick(lastNames)}`, mname: `${pick(firstNames)} ${pick(lastNames)}`,
        address: pick(places), contact: `017${between(10000000, 99999999)}`, nid: String(between(1000000000, 9999999999)),
        assigned_salary: category === 'Employee' ? String(between(9, 25) * 1000) : 'N/A', user_note: null, created_at: now, updated_at: now,
      });
      made++;
    }
  }
  const partners = await repo.listPartners(db);
  const byCategory = (cats: readonly string[]) => partners.filter((p) => cats.includes(p.catagories));

  const start = new Date(`${opts.today}T00:00:00Z`).getTime() - 365 * 86_400_000;
  const money = (lo: number, hi: number) => between(lo, hi) * 100 + (rand() < 0.3 ? between(0, 99) : 0);
  const all = kinds as readonly KindDef[];
  // Sales and furnace work are most of the books; the rest are steady.
  const weights: Record<string, number> = { furnace: 6, msWire: 6, giWire: 4, investor: 1, stock: 2, fire: 5, salary: 3, partnerPayment: 2, woodPowder: 2, wireCost: 3, acid: 2, asset: 1, otherExpense: 2, potRepair: 2 };
  const bag = all.flatMap((k) => Array.from({ length: weights[k.kind] ?? 1 }, () => k));

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
      await recordRollups(trx, rows);
    });
  };

  const days = Array.from({ length: opts.entries }, () => between(0, 365)).sort((a, b) => a - b);
  for (let i = 0; i < opts.entries; i++) {
    const kind = pick(bag);
    const issueDate = new Date(start + (days[i] ?? 0) * 86_400_000).toISOString().slice(0, 10);
    const input: Record<string, unknown> = {};
    let party: { id: number; name: string } | null = null;
    for (const f of inputFields(kind)) {
      switch (f.input.type) {
        case 'party': {
          const p = pick(byCategory(f.input.categories));
          party = { id: Number(p.id), name: p.name };
          break;
        }
        case 'choice':
          input[f.name] = f.input.options === months ? months[new Date(`${issueDate}T00:00:00Z`).getUTCMonth()] : f.input.options === wireSizes ? pick(wireSizes.slice(3, 18)) : pick(f.input.options === expenseTypes ? expenseTypes : f.input.options);
          break;
        case 'decimal':
          if (f.input.unit === 'weight') input[f.name] = (kind.kind === 'stock' ? between(2000, 6000) : between(50, 600)) * 1000 + between(0, 999);
          else if (f.input.unit === 'rate') input[f.name] = between(60, 140) * 100 + between(0, 99);
          else if (f.input.unit === 'quantity' || f.input.unit === 'unit') input[f.name] = between(1, 200) * 1000;
          else input[f.name] = f.name === 'discount_amount' ? (rand() < 0.7 ? 0 : money(50, 2000)) : money(500, 60000);
          break;
        case 'text':
          if (f.name === 'assignedSalary') input[f.name] = 'N/A';
          else if (f.name === 'absent') input[f.name] = String(between(0, 3));
          else if (f.required || rand() < 0.4) input[f.name] = f.name === 'note' ? pick(['cash', 'bKash', 'bank transfer', 'partly on credit', 'regular order']) : `${f.label.split(' ')[0]} ${between(1, 60)}`;
          break;
      }
    }
    if (kind.kind === 'salary' && party) input.assignedSalary = partners.find((p) => Number(p.id) === party?.id)?.assigned_salary ?? 'N/A';
    const row = buildEntryRow(kind, input, party, { issue_date: issueDate, issued_by: 'Demo Data', author_id: 'demo', created_at: now, idempotency_key: null });
    if (kind.kind === 'fire' && rand() < 0.9) {
      row.fire_status = 1;
      row.fire_time = `Ended ${between(5, 11)} pm`;
    }
    batch.push(row);
    cash += row.cash_p;
    stock += row.stock_g;
    if (batch.length >= 2000) await flush();
  }
  await flush();
  return { partners: made, entries: opts.entries };
}
