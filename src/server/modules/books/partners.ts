import type { PartnerInput } from '../../../shared/entry-schemas.ts';
import { partnerFields } from '../../../shared/registry.ts';
import { recordAudit } from '../../audit.ts';
import type { CurrentUser } from '../../auth/plugin.ts';
import { isUniqueViolation } from '../../db/write.ts';
import type { PartnerTable } from '../../db/schema.ts';
import { writeTransaction } from '../../db/write.ts';
import { HttpError } from '../../http/validate.ts';
import type { BooksContext } from './context.ts';
import * as repo from './repository.ts';

// Partners: the parties entries belong to. Names are unique per category ignoring case.

type PartnerColumns = Omit<PartnerTable, 'id' | 'created_at' | 'updated_at' | 'credit_limit_p' | 'refuse_past_limit'> & {
  credit_limit_p?: number | null;
  refuse_past_limit?: number;
};

/** The text fields' columns, and the credit limit's when the input gives them (left out: kept as it is). */
function partnerColumns(input: PartnerInput): PartnerColumns {
  const cols = Object.fromEntries(
    partnerFields.map((f) => [f.column, ((input as Record<string, unknown>)[f.name] as string | undefined) ?? null]),
  ) as unknown as PartnerColumns;
  if (input.credit_limit !== undefined) cols.credit_limit_p = input.credit_limit as number | null;
  if (input.refuse_past_limit !== undefined) cols.refuse_past_limit = input.refuse_past_limit ? 1 : 0;
  return cols;
}

export async function createPartner(ctx: BooksContext, input: PartnerInput, actor: CurrentUser) {
  const cols = partnerColumns(input);
  if (await repo.partnerNameTaken(ctx.db, String(cols.catagories), String(cols.name))) {
    throw new HttpError(409, 'partner_exists', { category: cols.catagories, name: cols.name }, 'name');
  }
  const now = new Date().toISOString();
  return nameClashAs409(cols, () =>
    writeTransaction(ctx.db, async (trx) => {
      const id = await repo.insertPartner(trx, { ...cols, created_at: now, updated_at: now });
      await recordAudit(trx, { actor, action: 'add-partner', subjectKind: 'partner', subjectId: String(id), before: undefined, after: input });
      return repo.getPartner(trx, id);
    }),
  );
}

export async function updatePartner(ctx: BooksContext, id: number, input: PartnerInput, actor: CurrentUser) {
  const cols = partnerColumns(input);
  return nameClashAs409(cols, () =>
    writeTransaction(ctx.db, async (trx) => {
      const before = await repo.getPartner(trx, id);
      if (!before) throw new HttpError(404, 'partner_not_found');
      if (await repo.partnerNameTaken(trx, String(cols.catagories), String(cols.name), id)) {
        throw new HttpError(409, 'partner_exists', { category: cols.catagories, name: cols.name }, 'name');
      }
      await repo.updatePartner(trx, id, { ...cols, updated_at: new Date().toISOString() });
      // Entries keep the name they were written with; the party link follows the partner.
      await recordAudit(trx, { actor, action: 'edit-partner', subjectKind: 'partner', subjectId: String(id), before, after: input });
      return repo.getPartner(trx, id);
    }),
  );
}

/** Two saves of the same name racing past the check: the unique index decides, as a 409. */
async function nameClashAs409<T>(cols: PartnerColumns, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, 'partner_exists', { category: cols.catagories, name: cols.name }, 'name');
    throw error;
  }
}
