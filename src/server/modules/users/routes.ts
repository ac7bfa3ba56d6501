import type { FastifyInstance } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { nextRole, promoteSchema, recordUserSchema, userIdParamSchema, usersQuerySchema } from '../../../shared/users.ts';
import { recordAudit } from '../../audit.ts';
import type { CurrentUser } from '../../auth/plugin.ts';
import type { ZodTypeProvider } from '../../http/contract.ts';
import { HttpError } from '../../http/validate.ts';
import { configAnswerSchema, tokenAnswerSchema, userAnswerSchema, usersAnswerSchema } from '../../../shared/api-schemas.ts';
import { findUserById, findUsersByEmail, listUsers, setUserName, setUserRole } from './repository.ts';

// The login-user calls of spec §7: /loggedInUsers and /jwt.
export async function userRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['loggedInUsers'];
  const { db } = app.deps.database;
  const me = async (req: { currentUser(): Promise<CurrentUser | null> }) => (await req.currentUser()) as CurrentUser;

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
      const admin = await me(req);
      const { id } = req.params;
      const { role } = req.body;
      return db.transaction().execute(async (trx) => {
        const target = await findUserById(trx, id);
        if (!target) throw new HttpError(404, 'user_not_found');
        const next = nextRole[target.role];
        if (next !== role) {
          throw new HttpError(409, next ? 'role_next_step' : 'role_already_admin', { name: target.name, role: target.role, ...(next ? { next } : {}) }, 'role');
        }
        if (!(await setUserRole(trx, id, role, target.role))) throw new HttpError(409, 'role_changed_meanwhile', undefined, 'role');
        await recordAudit(trx, { actor: admin, action: 'promote', subjectKind: 'user', subjectId: id, before: { role: target.role }, after: { role } });
        return { data: { ...target, role } };
      });
    },
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
