import {
  DEFAULT_ASSIGNED_SALARY,
  type FieldDef,
  type KindDef,
  type KindName,
  type PartnerCategory,
  inputFields,
  kindByName,
} from '../../src/shared/registry.ts';

// What the tests send, built in one place: accounts, partner bodies, entry bodies and the
// figures the tests work out by themselves. Each builder gives a valid body; a test states only
// what it is about, as overrides.

/** The one password of every account the tests make (sign-up rules: 8+ characters, mixed). */
export const TEST_PASSWORD = 'Factory#2026';
/** The password an account changes to (reset tests). */
export const NEW_PASSWORD = 'Changed#2027';

/** The owner's account, made with `cli user:create --role admin` where a real server runs. */
export const ADMIN_ACCOUNT = { email: 'owner@ama.test', password: TEST_PASSWORD, name: 'Owner Admin' } as const;

/** The `user:create` arguments of the CLI for an account. */
export function userCreateArgs(account: { email: string; password: string; name: string }, role = 'admin'): string[] {
  return ['user:create', '--email', account.email, '--password', account.password, '--name', account.name, '--role', role];
}

/** An address no other test uses. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@ama.test`;
}

/** The body of POST /api/auth/sign-up/email, with the shared password unless another is given. */
export function signUpBody(account: { name: string; email: string; password?: string }): {
  name: string;
  email: string;
  password: string;
  callbackURL: string;
} {
  return { password: TEST_PASSWORD, ...account, callbackURL: '/' };
}

// ---------------------------------------------------------------------------------------------
// Partners (userDetailsData)

export type PartnerBody = Record<string, string>;

/** A partner body with every field of partnerFields valid: only an employee has a salary (the others N/A, as the form sends). */
export function partnerBody(category: PartnerCategory | string, name: string, overrides: Record<string, unknown> = {}): PartnerBody {
  const assignedSalary = category === 'Employee' ? '15000' : DEFAULT_ASSIGNED_SALARY;
  return {
    catagories: category,
    name,
    fname: 'Abdul Karim',
    mname: 'Rokeya Begum',
    address: 'Tongi, Gazipur',
    contact: '01712345678',
    nid: '1990123456789',
    assignedSalary,
    userNote: 'Met at the fair',
    ...overrides,
  } as PartnerBody;
}

/** What the server answers for a partner saved from `body` (no credit limit set: none, and a sale past it is not refused). */
export function partnerAnswer<I>(id: I, body: Record<string, unknown>): Record<string, unknown> {
  return { id, ...body, credit_limit: null, refuse_past_limit: false };
}

// ---------------------------------------------------------------------------------------------
// Entries: one valid body per record kind, from the registry's fields.

/** The decimal every decimal field gets by default: valid in every unit (money, rate, weight, quantity, unit). */
export const SAMPLE_DECIMAL = '12.5';

/** Who a party field names: one name for all, or a name per the field's categories. */
export type PartyName = string | ((categories: readonly PartnerCategory[]) => string);

/** A valid value of an input field: party → the party's name, text → a short text, decimal → 12.5, choice → its first option. */
export function fieldValue(f: FieldDef, party: PartyName = 'Test Client'): unknown {
  switch (f.input.type) {
    case 'party':
      return typeof party === 'function' ? party(f.input.categories) : party;
    case 'text':
      return `${f.label} sample`.slice(0, f.input.max);
    case 'decimal':
      return SAMPLE_DECIMAL;
    case 'choice':
      return f.input.options[0];
    case 'computed':
      return undefined;
  }
}

/** The registry's kind of that name (a kind given as itself is returned as is). */
export function kindNamed(kind: KindDef | KindName | string): KindDef {
  if (typeof kind !== 'string') return kind;
  const found = kindByName(kind);
  if (!found) throw new Error(`no kind ${kind} in the registry`);
  return found;
}

/**
 * A valid body of the kind: every input field filled (`value` may choose a field's value;
 * undefined keeps the default), then the overrides; an override of undefined leaves a field out.
 */
export function entryBody(
  kind: KindDef | KindName,
  overrides: Record<string, unknown> = {},
  party?: PartyName,
  value?: (f: FieldDef) => unknown,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of inputFields(kindNamed(kind))) body[f.name] = value?.(f) ?? fieldValue(f, party);
  return { ...body, ...overrides };
}

// ---------------------------------------------------------------------------------------------
// Figures: decimal texts and integer units, worked out by string arithmetic (never the server's money code).

/** Decimal text ('1,250.5') → integer units with `digits` decimals. */
export function unitsOf(text: unknown, digits: number): bigint {
  const [whole = '0', frac = ''] = String(text).replace(/,/g, '').trim().split('.');
  if (frac.length > digits) throw new Error(`test bug: ${String(text)} has more than ${digits} decimals`);
  return BigInt(whole || '0') * 10n ** BigInt(digits) + BigInt(frac.padEnd(digits, '0') || '0');
}
export const poishaOf = (text: unknown) => unitsOf(text, 2);
export const gramsOf = (text: unknown) => unitsOf(text, 3);

/** A JSON number of taka / kg the API sent → integer poisha / grams (exact for anything the books hold). */
export const poishaOfNumber = (n: unknown) => BigInt(Math.round(Number(n) * 100));
export const gramsOfNumber = (n: unknown) => BigInt(Math.round(Number(n) * 1000));

/** Integer units → the decimal text a person types (12345n, 2 → '123.45'). */
export function decimalText(value: bigint, digits: number): string {
  const s = value.toString().padStart(digits + 1, '0');
  return digits === 0 ? s : `${s.slice(0, -digits)}.${s.slice(-digits)}`;
}

/** amount (thousandths) × rate (poisha) ÷ 1000, rounded half up once: the spec's line total. */
export function lineTotal(amountMilli: bigint, ratePoisha: bigint): bigint {
  const product = amountMilli * ratePoisha;
  return product / 1000n + (product % 1000n >= 500n ? 1n : 0n);
}
