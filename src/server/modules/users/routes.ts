import type { FastifyInstance } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import {
  type LoggedInUser,
  demoteSchema,
  nextRole,
  noFieldsSchema,
  previousRole,
  promoteSchema,
  recordUserSchema,
  userIdParamSchema,
  usersQuerySchema,
} from '../../../shared/users.ts';
import { recordAudit } from '../../audit.ts';
import type { CurrentUser } from '../../auth/plugin.ts';
import type { ZodTypeProvider } from '../../http/contract.ts';
import { HttpError } from '../../http/validate.ts';
import type { Transaction } from 'kysely';
import { accountChangesAnswerSchema, configAnswerSchema, tokenAnswerSchema, userAnswerSchema, usersAnswerSchema } from '../../../shared/api-schemas.ts';
import type { DB } from '../../db/schema.ts';
import {
  accountChanges,
  findUserById,
  findUsersByEmail,
  listUsers,
  lockAccountChanges,
  otherActiveAdmins,
  resumeAccount,
  setUserName,
  setUserRole,
  stopAccount,
} from './repository.ts';

// The login-user calls of spec §7: /loggedInUsers and /jwt.
export async function userRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['loggedInUsers'];
  const { db, dialect } = app.deps.database;
  const me = async (req: { currentUser(): Promise<CurrentUser | null> }) => (await req.currentUser()) as CurrentUser;

  /**
   * A change an admin makes to an account, one at a time (lockAccountChanges): the account is read
   * in the change's transaction, the change is audited there, and the account is answered as it is after.
   */
  const changeAccount = (
    admin: CurrentUser,
    id: string,
    change: (trx: Transaction<DB>, target: LoggedInUser) => Promise<{ action: string; before: unknown; after: unknown }>,
  ) =>
    db.transaction().execute(async (trx) => {
      await lockAccountChanges(trx, dialect);
      const target = await findUserById(trx, id);
      if (!target) throw new HttpError(404, 'user_not_found');
      const { action, before, after } = await change(trx, target);
      await recordAudit(trx, { actor: admin, action, subjectKind: 'user', subjectId: id, before, after });
      return { data: (await findUserById(trx, id)) ?? null };
    });
  /** The last admin who can sign in keeps both: the books always have one. */
  const keepAnAdmin = async (trx: Transaction<DB>, target: LoggedInUser) => {
    if (target.role === 'admin' && target.stopped_at === null && (await otherActiveAdmins(trx, target.id)) === 0)
      throw new HttpError(409, 'last_admin', { name: target.name });
  };

  app.get(
    '/loggedInUsers',
    {
      config: { access: 'user' },
      schema: {
        summary: 'The accounts (an admin), or one by its email (one’s own for anyone)',
        tags,
        querystring: usersQuerySchema,
        response: { 200: usersAnswerSchema },
      },
    },
    async (req) => {
      const user = await me(req);
      const query = req.query;
      if (query.email !== undefined) {
        // Everyone may read their own record; only an admin may look up others.
        if (user.role !== 'admin' && query.email.toLowerCase() !== user.email.toLowerCase()) throw new HttpError(403, 'not_admin');
        return { data: await findUsersByEmail(db, query.email) };
      }
      if (user.role !== 'admin') throw new HttpError(403, 'not_admin');
      return { data: await listUsers(db, query.s) };
    },
  );

  // Spec: recorded at sign-up. Sign-up already stores the record; this keeps the call working
  // for one's own account (it updates the display name) and refuses anyone else's.
  app.post(
    '/loggedInUsers',
    {
      config: { access: 'user' },
      schema: { summary: 'Record one’s own account (its display name)', tags, body: recordUserSchema, response: { 200: userAnswerSchema } },
    },
    async (req) => {
      const user = await me(req);
      const body = req.body;
      if (body.email.toLowerCase() !== user.email.toLowerCase()) throw new HttpError(403, 'own_account_only', undefined, 'email');
      await setUserName(db, user.id, body.name);
      return { data: (await findUserById(db, user.id)) ?? null };
    },
  );

  app.put(
    '/loggedInUsers/admin/:id',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Promote an account one step: user to acounts, acounts to admin',
        tags,
        params: userIdParamSchema,
        body: promoteSchema,
        response: { 200: userAnswerSchema },
      },
    },
    async (req) => {
      const { role } = req.body;
      return changeAccount(await me(req), req.params.id, async (trx, target) => {
        const next = nextRole[target.role];
        if (next !== role) {
          throw new HttpError(409, next ? 'role_next_step' : 'role_already_admin', { name: target.name, role: target.role, ...(next ? { next } : {}) }, 'role');
        }
        if (!(await setUserRole(trx, target.id, role, target.role))) throw new HttpError(409, 'role_changed_meanwhile', undefined, 'role');
        return { action: 'promote', before: { role: target.role }, after: { role } };
      });
    },
  );

  app.post(
    '/loggedInUsers/:id/demote',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Take a role back one step: admin to acounts, acounts to user (never the last admin)',
        tags,
        params: userIdParamSchema,
        body: demoteSchema,
        response: { 200: userAnswerSchema },
      },
    },
    async (req) => {
      const { role } = req.body;
      return changeAccount(await me(req), req.params.id, async (trx, target) => {
        const down = previousRole[target.role];
        if (down !== role) {
          throw new HttpError(
            409,
            down ? 'role_step_down' : 'role_already_user',
            { name: target.name, role: target.role, ...(down ? { next: down } : {}) },
            'role',
          );
        }
        await keepAnAdmin(trx, target);
        if (!(await setUserRole(trx, target.id, role, target.role))) throw new HttpError(409, 'role_changed_meanwhile', undefined, 'role');
        return { action: 'demote', before: { role: target.role }, after: { role } };
      });
    },
  );

  app.post(
    '/loggedInUsers/:id/stop',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Stop an account: it cannot sign in, and every session of it ends now (never the last admin, nor one’s own)',
        tags,
        params: userIdParamSchema,
        body: noFieldsSchema,
        response: { 200: userAnswerSchema },
      },
    },
    async (req) => {
      const admin = await me(req);
      return changeAccount(admin, req.params.id, async (trx, target) => {
        if (target.id === admin.id) throw new HttpError(409, 'stop_own_account');
        if (target.stopped_at !== null) throw new HttpError(409, 'already_stopped', { name: target.name });
        await keepAnAdmin(trx, target);
        const at = await stopAccount(trx, target.id, admin);
        return { action: 'stop', before: { role: target.role, stopped: false }, after: { role: target.role, stopped: true, at } };
      });
    },
  );

  app.post(
    '/loggedInUsers/:id/resume',
    {
      config: { access: 'admin' },
      schema: { summary: 'Let a stopped account sign in again', tags, params: userIdParamSchema, body: noFieldsSchema, response: { 200: userAnswerSchema } },
    },
    async (req) =>
      changeAccount(await me(req), req.params.id, async (trx, target) => {
        if (target.stopped_at === null) throw new HttpError(409, 'not_stopped', { name: target.name });
        await resumeAccount(trx, target.id);
        return { action: 'resume', before: { role: target.role, stopped: true }, after: { role: target.role, stopped: false } };
      }),
  );

  app.get(
    '/loggedInUsers/changes',
    {
      config: { access: 'admin' },
      schema: { summary: 'The latest changes to accounts (roles, stops), newest first', tags, response: { 200: accountChangesAnswerSchema } },
    },
    async () => ({ data: await accountChanges(db) }),
  );

  app.post(
    '/jwt',
    {
      config: { access: 'user' },
      schema: { summary: 'A bearer token for scripts (15 minutes), for the signed-in account', tags: ['jwt'], response: { 200: tokenAnswerSchema } },
    },
    async (req) => {
      const { token } = await app.auth.api.getToken({ headers: fromNodeHeaders(req.headers) });
      return { data: token };
    },
  );

  app.get(
    '/config',
    { config: { access: 'public' }, schema: { summary: 'What the sign-in screen needs to know', tags: ['config'], response: { 200: configAnswerSchema } } },
    async () => ({
      data: { google: app.deps.config.google !== null, timeZone: app.deps.config.timeZone },
    }),
  );
}
