import { formatLongDate } from './dates.ts';
import { toBengaliDigits } from './digits.ts';
import { type Lang, fill } from './messages.ts';

// Every refusal the app can answer, as a stable code (what scripts and the web act on) and its
// English text (the `message` of the wire; the spec's texts letter for letter). The Bangla texts
// are `refusals` in messages-bn.ts, typed by `Refusals`: a code without both languages does not
// compile. A `{name}` is filled from the refusal's `params`. A refusal with a `field` is sent as
// "field: text" (the field's key first, as the API always answered); the text itself never names
// the key, so the web can show it under the field in either language.
export const refusalTexts = {
  // The address, the body, the session (src/server/app.ts, http/, auth/).
  not_found: 'Not Found',
  bad_address: 'The address is not valid',
  address_too_long: 'The address is too long',
  bad_request: 'Bad Request',
  body_not_utf8: 'The body is not valid UTF-8: send the text as UTF-8',
  body_empty: 'The body is empty: send a JSON object',
  body_not_json: 'The body is not valid JSON',
  body_not_object: 'The body must be a JSON object of fields',
  body_too_large: 'The body is too large',
  body_not_json_type: 'Send the body as JSON (Content-Type: application/json)',
  body_not_utf8_charset: 'Send the body as UTF-8 (charset=utf-8)',
  field_twice: 'is given twice; send each field once',
  cannot_store: 'contains a character that cannot be stored (NUL or half of a surrogate pair)',
  not_a_field: 'is not a field here',
  request_timeout: 'The request took too long to arrive',
  cross_origin: 'Cross-origin request refused',
  sign_in_required: 'Please log in.',
  not_admin: 'you are not admin',
  not_acounts: 'you are not acounts',
  too_many_requests: 'Too many attempts. Please wait a minute and try again.',
  sign_in_throttled: 'Too many failed sign-ins for this account: try again in {seconds} seconds',
  server_error: 'Something went wrong on the server. Nothing was saved.',
  books_busy: 'The books are busy; nothing was saved. Try again in a moment.',
  disk_full: "The server's disk is full; nothing was saved",
  commit_unanswered: 'The connection to the database was lost while saving; reload to see whether it was saved.',

  // Sign-in (better-auth's refusals, by its codes; auth_refused keeps its own English text).
  wrong_credentials: 'Wrong email or password.',
  email_not_verified: 'Email is not verified',
  invalid_token: 'This reset link is invalid or has expired. Ask for a new one.',
  auth_refused: '{text}',

  // A field's value (the schemas of src/shared; `field` in the params is the field's label).
  field_required: '{field} is required',
  field_text: '{field} must be text',
  field_yes_no: '{field} must be true or false',
  field_too_long: '{field} is too long',
  field_too_short: '{field} must have at least {min} characters',
  field_choose: '{field}: choose one from the list',
  field_number: '{field} must be a number',
  field_invalid: '{field} is not valid',
  field_true: '{field} must be true',
  field_negative: '{field} cannot be negative',
  field_positive: '{field} must be more than 0',
  field_decimals: '{field} can have at most {digits} digits after the point',
  field_at_most: '{field} must be at most {max}',
  field_like: '{field} must be {noun}, like 1250.50',
  field_must: '{field} must be {noun}',
  field_invisible: '{field} has a character that cannot be seen: type it again',
  date_format: 'must be a date like 2026-11-22',
  date_not_real: 'is not a real date',
  page_format: 'must be a date and an entry number like 2026-11-22_15',
  partner_number: 'partner must be the number of a partner',
  id_number: 'id must be a number',
  limit_range: 'must be a whole number from 1 to {max}',
  fill_one: 'Fill in at least one field',
  partner_from_list: 'must be the number of a partner from the list',
  account_from_list: 'must be the number of an account from the list',
  made_at_format: 'made_at must be a date and time',
  made_in_future: "this entry says it was made later than now ({day}): check the phone's date and time",
  made_too_long_ago: 'this entry was made on {day}, more than 3 days ago, and can no longer be sent: enter it again today',
  reason_required: 'Reason is required',
  reason_min: 'Reason is required (at least 3 characters)',
  reason_text: 'reason must be text',
  email_required: 'Email is required',
  email_invalid: 'That email address does not look right',
  email_too_long: 'Email should be at most 254 characters',
  name_required: 'Name is required',
  name_too_long: 'Name should be at most 100 characters',
  password_required: 'Password is required',
  password_min6: 'Password should atleast 6 characters',
  password_min8: 'Password should atleast 8 characters',
  password_max: 'Password should be at most 128 characters',
  password_rule: 'Ensure string has one uppercase letters and one special',
  confirm_required: 'Confirm Your Password',
  password_mismatch: "Password didn't match",
  role_choice: 'role must be acounts or admin',
  role_down_choice: 'role must be acounts or user',
  group_choice: 'group must be cashIn or cashOut',
  user_id: 'must be a user id',

  // The books (src/server/modules).
  entry_not_found: 'No such entry',
  partner_not_found: 'No such partner',
  user_not_found: 'No such user',
  partner_exists: 'a {category} named {name} already exists',
  partner_ambiguous: 'matches {count} partners: choose one',
  partner_not_listed: 'choose a {category} from the partner list',
  idempotency_other_kind: 'already used for another kind of entry',
  idempotency_other_entry: 'already used for another entry',
  already_voided: 'This entry is already voided',
  correction_not_voidable: 'This is a correction already; it cannot be voided',
  correction_not_correctable: 'This is a correction already; it cannot be corrected',
  corrected_already: 'This entry was corrected already (by #{id})',
  voided_not_correctable: 'This entry is voided: there is nothing to correct',
  server_written: 'This entry was written by the server: void it instead',
  changed_meanwhile: 'This entry was corrected or voided meanwhile',
  lifecycle_blocked: 'This {noun} has been {done}: void the {entry} first',
  lifecycle_not_found: 'No such {noun}',
  lifecycle_voided: 'This {noun} entry was voided',
  lifecycle_done: 'This {noun} is already {done}',
  range_reversed: 'the start must not be after the end (issue_date<)',
  range_too_long: 'the range can be at most {months} months',
  own_account_only: 'you can only record your own account',
  role_next_step: '{name} is {role}; the next step is {next}',
  role_already_admin: '{name} is {role}; the next step is none (already admin)',
  role_changed_meanwhile: 'changed by someone else just now; refresh and try again',
  role_step_down: '{name} is {role}; the step down is {next}',
  role_already_user: '{name} is {role}; there is no step down (already user)',
  last_admin: '{name} is the last admin: make another admin first',
  stop_own_account: 'You cannot stop your own account: another admin can',
  already_stopped: '{name} is stopped already',
  not_stopped: '{name} is not stopped',
  account_stopped: 'This account has been stopped. Ask an admin if you need access again.',

  // Money accounts (modules/accounts).
  account_not_found: 'No such account',
  account_not_open: 'choose an open account: {name} is archived',
  account_exists: 'an account named {name} already exists',
  account_cash_kept: 'Cash in hand is always kept: it cannot be archived',
  account_not_empty: '{name} holds {balance}: move the money out before archiving it',
  account_type_fixed: 'an account keeps its type',
  transfer_same_account: 'choose another account: money moves between two accounts',
} as const;

export type RefusalCode = keyof typeof refusalTexts;
export type Refusals = Record<RefusalCode, string>;
export type RefusalParams = Record<string, string | number>;
export const refusalCodes = Object.keys(refusalTexts) as RefusalCode[];

/** The error of every answer that refuses: `{ "error": Refusal }`. */
export interface Refusal {
  code: RefusalCode;
  message: string;
  field?: string;
  params?: RefusalParams;
}

export const isRefusalCode = (code: unknown): code is RefusalCode => typeof code === 'string' && Object.hasOwn(refusalTexts, code);

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A refusal's text in a language: its params filled in, a day ('2026-11-22') written as people
 * read it, a figure in the language's digits, and a word (a label, a category) through `word`.
 */
export function speak(texts: Refusals, lang: Lang, code: RefusalCode, params: RefusalParams = {}, word: (text: string) => string = (t) => t): string {
  const shown: RefusalParams = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'number') shown[name] = lang === 'bn' ? toBengaliDigits(String(value)) : String(value);
    else if (ISO_DAY.test(value)) shown[name] = formatLongDate(new Date(`${value}T12:00:00Z`), lang);
    else shown[name] = word(value);
  }
  return fill(texts[code], shown);
}

/** The English text of a code, filled. */
export const refusalText = (code: RefusalCode, params: RefusalParams = {}) => speak(refusalTexts, 'en', code, params);

/** A refusal as the wire carries it: the English message, with the field's key first when there is one. */
export function refusal(code: RefusalCode, params?: RefusalParams, field?: string): Refusal {
  const text = refusalText(code, params);
  return {
    code,
    message: field ? `${field}: ${text}` : text,
    ...(field !== undefined ? { field } : {}),
    ...(params && Object.keys(params).length ? { params } : {}),
  };
}

// How the shared schemas word a refusal. The schemas are one set for the server and the forms:
// the forms show the words in the chosen language (the web sets its speaker), and the server
// reads the code back (`readSpoken`): while it parses and reads the issues (zod words an issue when
// it is first read), its speaker writes the code and the params into the message, the only
// place zod keeps from a check. Both are synchronous, so the speaker in force then is that parse's alone.
type Speaker = (code: RefusalCode, params: RefusalParams) => string;
let speaker: Speaker = refusalText;

/** The text of a refusal, spoken now (for a zod check's `error`: called when the check fails). */
export const say = (code: RefusalCode, params: RefusalParams = {}) => speaker(code, params);

/** A zod check's error option that says `code` when it fails. */
export const saying = (code: RefusalCode, params?: RefusalParams) => ({ error: () => say(code, params) });

/** The web's: refusals of the forms in the chosen language. */
export function setSpeaker(next: Speaker): void {
  speaker = next;
}

const CODED = '\u0000refusal:';

/** Runs a synchronous parse with the refusals written as codes (read back with `readSpoken`). */
export function speakingCodes<T>(parse: () => T): T {
  const before = speaker;
  speaker = (code, params) => CODED + JSON.stringify([code, params]);
  try {
    return parse();
  } finally {
    speaker = before;
  }
}

/** A message written by `speakingCodes`' speaker, as its code and params (undefined for zod's own words). */
export function readSpoken(message: string): { code: RefusalCode; params: RefusalParams } | undefined {
  if (!message.startsWith(CODED)) return undefined;
  const [code, params] = JSON.parse(message.slice(CODED.length)) as [string, RefusalParams];
  return isRefusalCode(code) ? { code, params } : undefined;
}
