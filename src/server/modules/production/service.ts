import type { Kysely } from 'kysely';
import { todayIn } from '../../../shared/dates.ts';
import { perKg, toDecimal, units } from '../../../shared/money.ts';
import {
  PRODUCTION_MAX_MONTHS,
  type ProductionFigures,
  type ProductionFireMan,
  type ProductionPot,
  type ProductionQuery,
  type ProductionReport,
} from '../../../shared/production-api.ts';
import type { EntryColumn, SumColumn } from '../../../shared/entry-columns.ts';
import { type KindDef, type ProductionRole, type Registry, fieldWithRole } from '../../../shared/registry.ts';
import type { DB } from '../../db/schema.ts';
import { HttpError } from '../../http/validate.ts';
import { type KeySums, type Sums, monthEnd, monthStart, potHistory, rangeSums } from './repository.ts';

// The production report: what a kg fired costs and what a kg sold earns, month by month, from
// the running totals. The kinds are found by their production role in the registry, and their
// figures through their fields: the weight field, the total price, or the money that left.

/** Integer units of one role: entries, grams, poisha. */
interface Measure {
  count: number;
  grams: number;
  poisha: number;
}

interface RoleKind {
  kind: string;
  role: ProductionRole;
  grams: SumColumn | null;
  poisha: SumColumn | null;
}

const fieldColumn = (kind: KindDef, name: string | undefined): EntryColumn | undefined => kind.fields.find((f) => f.name === name)?.column;

/** The kinds of a registry that have a production role, and how each counts (worked out once per registry). */
interface Roles {
  roleKinds: RoleKind[];
  kindsOf(...roles: ProductionRole[]): string[];
  roleOf: Map<string, RoleKind>;
  /** The columns the kinds' figures come from. */
  columnsOf(names: readonly string[]): SumColumn[];
}
const rolesByRegistry = new WeakMap<Registry, Roles>();

/** How each kind with a production role counts: its weight, and its total price or else its cash amount. */
function rolesIn(registry: Registry): Roles {
  let roles = rolesByRegistry.get(registry);
  if (roles) return roles;
  const roleKinds: RoleKind[] = registry.kinds.flatMap((k) =>
    k.production
      ? [
          {
            kind: k.kind,
            role: k.production,
            grams: (fieldWithRole(k, 'weight')?.column ?? null) as SumColumn | null,
            poisha: (fieldWithRole(k, 'total')?.column ?? fieldColumn(k, k.cash?.field) ?? null) as SumColumn | null,
          },
        ]
      : [],
  );
  roles = {
    roleKinds,
    kindsOf: (...wanted) => roleKinds.filter((k) => wanted.includes(k.role)).map((k) => k.kind),
    roleOf: new Map(roleKinds.map((k) => [k.kind, k])),
    columnsOf: (names) => roleKinds.filter((k) => names.includes(k.kind)).flatMap((k) => [k.grams, k.poisha].filter((c) => c !== null)),
  };
  rolesByRegistry.set(registry, roles);
  return roles;
}

function measure(sums: Sums, k: RoleKind): Measure {
  return { count: sums.count ?? 0, grams: (k.grams && sums[k.grams]) || 0, poisha: (k.poisha && sums[k.poisha]) || 0 };
}
/** Adds month sums up by a key (month, pot, fire man), role by role. */
function byKey(roleOf: Roles['roleOf'], rows: readonly KeySums[], keyOf: (r: KeySums) => string): Map<string, Map<ProductionRole, Measure>> {
  const out = new Map<string, Map<ProductionRole, Measure>>();
  for (const r of rows) {
    const k = roleOf.get(r.kind);
    if (!k) continue;
    const key = keyOf(r);
    let roles = out.get(key);
    if (!roles) out.set(key, (roles = new Map()));
    const m = measure(r.sums, k);
    const was = roles.get(k.role) ?? { count: 0, grams: 0, poisha: 0 };
    roles.set(k.role, { count: was.count + m.count, grams: was.grams + m.grams, poisha: was.poisha + m.poisha });
  }
  return out;
}

const taka = (p: number) => toDecimal(p, units.money);
const kg = (g: number) => toDecimal(g, units.weight);
const perKgTaka = (p: number, g: number) => {
  const v = perKg(p, g);
  return v === null ? null : taka(v);
};

/** Every figure of a period from its roles' integer sums (poisha, grams), per-kg half up. */
export function figures(roles: Map<ProductionRole, Measure> | undefined, from: string, to: string): ProductionFigures {
  const get = (role: ProductionRole) => roles?.get(role) ?? { count: 0, grams: 0, poisha: 0 };
  const fired = get('firing');
  const direct = get('powder').poisha + get('acidBought').poisha + get('repair').poisha;
  const overheads = get('salaries').poisha + get('otherExpenses').poisha;
  const bought = get('wireBought');
  const sold = get('wireSold');
  const fullPerKg = perKg(direct + overheads, fired.grams);
  const wirePerKg = perKg(bought.poisha, bought.grams);
  const saleRate = perKg(sold.poisha, sold.grams);
  return {
    from,
    to,
    firings: fired.count,
    kg_fired: kg(fired.grams),
    wood_powder: taka(get('powder').poisha),
    acid_cost: taka(get('acidBought').poisha),
    pot_repair: taka(get('repair').poisha),
    direct_cost: taka(direct),
    direct_cost_per_kg: perKgTaka(direct, fired.grams),
    salaries: taka(get('salaries').poisha),
    other_expenses: taka(get('otherExpenses').poisha),
    overheads: taka(overheads),
    full_cost: taka(direct + overheads),
    full_cost_per_kg: fullPerKg === null ? null : taka(fullPerKg),
    wire_bought_kg: kg(bought.grams),
    wire_bought: taka(bought.poisha),
    wire_cost_per_kg: wirePerKg === null ? null : taka(wirePerKg),
    wire_sold_kg: kg(sold.grams),
    wire_sold: taka(sold.poisha),
    sale_rate_per_kg: saleRate === null ? null : taka(saleRate),
    furnace_work_kg: kg(get('furnaceWork').grams),
    furnace_work: taka(get('furnaceWork').poisha),
    margin_per_kg: saleRate === null || wirePerKg === null || fullPerKg === null ? null : taka(saleRate - (wirePerKg + fullPerKg)),
  };
}

/** The range asked for, or this month and the 12 before it; refused when backwards or too long. */
export function productionRange(q: ProductionQuery, today: string): { from: string; to: string } {
  const to = q['issue_date<'] ?? monthEnd(today);
  let from = q['issue_date>'];
  if (!from) {
    const d = new Date(`${monthStart(to)}T00:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() - 12);
    from = d.toISOString().slice(0, 10);
  }
  if (from > to) throw new HttpError(400, 'range_reversed', undefined, 'issue_date>');
  if (monthsBetween(from, to).length > PRODUCTION_MAX_MONTHS) throw new HttpError(400, 'range_too_long', { months: PRODUCTION_MAX_MONTHS }, 'issue_date>');
  return { from, to };
}

function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.slice(0, 7).split('-').map(Number) as [number, number];
  const last = to.slice(0, 7);
  for (let month = from.slice(0, 7); month <= last && out.length <= PRODUCTION_MAX_MONTHS;) {
    out.push(month);
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
    month = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}`;
  }
  return out;
}

export async function productionReport(db: Kysely<DB>, registry: Registry, q: ProductionQuery, timeZone: string): Promise<ProductionReport> {
  const { from, to } = productionRange(q, todayIn(timeZone));
  const { roleKinds, kindsOf, roleOf, columnsOf } = rolesIn(registry);
  const firing = kindsOf('firing');
  const repair = kindsOf('repair');
  const all = roleKinds.map((k) => k.kind);
  const [byMonth, potRows, manRows] = await Promise.all([
    rangeSums(db, { source: 'kind', kinds: all, columns: columnsOf(all), from, to, byMonth: true }),
    rangeSums(db, { source: 'pot', kinds: [...firing, ...repair], columns: columnsOf([...firing, ...repair]), from, to, byMonth: false }),
    rangeSums(db, { source: 'fireMan', kinds: firing, columns: columnsOf(firing), from, to, byMonth: false }),
  ]);

  const perMonth = byKey(roleOf, byMonth, (r) => r.month);
  const months = monthsBetween(from, to).map((month) => ({
    month,
    ...figures(perMonth.get(month), month === from.slice(0, 7) ? from : `${month}-01`, month === to.slice(0, 7) ? to : monthEnd(`${month}-01`)),
  }));
  const total = figures(byKey(roleOf, byMonth, () => '').get(''), from, to);

  const potFigures = byKey(roleOf, potRows, (r) => r.key);
  const history = new Map((await potHistory(db, { firing, repair, pots: [...potFigures.keys()], to })).map((h) => [h.pot, h]));
  const pots: ProductionPot[] = [...potFigures].map(([pot, roles]) => {
    const fired = roles.get('firing') ?? { count: 0, grams: 0, poisha: 0 };
    const repaired = roles.get('repair') ?? { count: 0, grams: 0, poisha: 0 };
    const h = history.get(pot);
    const per1000 = perKg(repaired.poisha, fired.grams, 1000);
    return {
      pot_number: pot,
      firings: fired.count,
      kg_fired: kg(fired.grams),
      last_fired: h?.last_fired ?? null,
      repairs: repaired.count,
      repair_cost: taka(repaired.poisha),
      last_repaired: h?.last_repaired ?? null,
      firings_since_repair: h?.since ?? 0,
      repair_per_1000_kg: per1000 === null ? null : taka(per1000),
    };
  });
  // Dearest per kg first; pots with repairs but no weight fired after those, then the rest.
  pots.sort(
    (a, b) =>
      (b.repair_per_1000_kg ?? -1) - (a.repair_per_1000_kg ?? -1) ||
      b.repair_cost - a.repair_cost ||
      a.pot_number.localeCompare(b.pot_number, 'en', { numeric: true }),
  );

  const fireMen: ProductionFireMan[] = [...byKey(roleOf, manRows, (r) => r.key)]
    .map(([man, roles]) => ({ fire_man: man, firings: roles.get('firing')?.count ?? 0, kg_fired: kg(roles.get('firing')?.grams ?? 0) }))
    .sort((a, b) => b.kg_fired - a.kg_fired || b.firings - a.firings || a.fire_man.localeCompare(b.fire_man));

  return { months, total, pots, fireMen };
}
