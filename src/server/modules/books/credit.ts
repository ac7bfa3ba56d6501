import type { Kysely } from 'kysely';
import { formatTaka } from '../../../shared/money.ts';
import type { WarningAnswer } from '../../../shared/api-schemas.ts';
import { type RefusalParams, refusal } from '../../../shared/refusals.ts';
import { type KindDef, type Registry, raisesClientDue } from '../../../shared/registry.ts';
import type { DB } from '../../db/schema.ts';
import { HttpError } from '../../http/validate.ts';
import * as repo from './repository.ts';
import { ledgerEffect } from './rollups.ts';

// Credit limits (docs/decisions/0031-dues-and-credit-limits.md): a sale that takes a client past
// the limit its partner record carries is saved with a warning, or refused (409 credit_limit) when
// an admin has set the partner to refuse. Checked before the save, like the party itself: two
// sales racing past a limit at the same moment may both pass (a limit guards a habit, not a sum).

/** A warning on a saved entry: a code of the refusal list, its English text and its figures. */
export type Warning = WarningAnswer;

/** A party's credit terms, as its partner record has them when the entry is prepared. */
export type CreditTerms = Pick<repo.PartnerRow, 'name' | 'credit_limit_p' | 'refuse_past_limit'>;

/**
 * The warnings of a new entry, or a 409 when its party refuses a sale past its limit. `partner` is
 * the entry's party as prepareEntry found it: a party without a limit costs no read (the entry
 * POST's budget, decision 0051).
 */
export async function creditCheck(db: Kysely<DB>, registry: Registry, kind: KindDef, row: repo.NewEntry, partner: CreditTerms | null): Promise<Warning[]> {
  if (!raisesClientDue(kind) || row.party_id === null || !partner || partner.credit_limit_p === null) return [];
  const raised = ledgerEffect(registry, row);
  if (raised <= 0) return [];
  const limit = Number(partner.credit_limit_p);
  const due = await repo.partyDue(db, row.party_id);
  if (due + raised <= limit) return [];
  const params: RefusalParams = {
    name: partner.name,
    due: formatTaka(due),
    sale: formatTaka(raised),
    after: formatTaka(due + raised),
    limit: formatTaka(limit),
  };
  if (Number(partner.refuse_past_limit)) throw new HttpError(409, 'credit_limit', params, 'name');
  return [{ ...refusal('credit_limit', params), code: 'credit_limit' }];
}
