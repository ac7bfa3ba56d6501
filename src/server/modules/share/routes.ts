import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { registry as appRegistry } from '../../../shared/registry.ts';
import { idParamSchema, isoDate } from '../../../shared/books-api.ts';
import {
  answerBodySchema,
  lastAnswerSchema,
  remindBodySchema,
  shareAnswerSchema,
  shareBodySchema,
  shareLanguages,
  shareStatusSchema,
  sharedStatementSchema,
  tokenParamSchema,
} from '../../../shared/share-api.ts';
import type { CurrentUser } from '../../auth/plugin.ts';
import type { ZodTypeProvider } from '../../http/contract.ts';
import { HttpError } from '../../http/validate.ts';
import type { BooksContext } from '../books/context.ts';
import { PAGE_HEADERS, plainPage, statementPage } from './page.ts';
import * as share from './service.ts';

// The statement in the party's hands (docs/decisions/0038-shared-statements.md). For the factory
// (acounts, admin): make, see and revoke a party's link, and record a reminder sent. For the party,
// with the link's token and nothing else: its statement as JSON (/api/shared/:token) and as a
// page of its own (/s/:token), where it confirms or disputes the balance and picks its language.

const contextOf = (app: FastifyInstance): BooksContext => ({
  db: app.deps.database.db,
  timeZone: app.deps.config.timeZone,
  registry: app.deps.registry ?? appRegistry,
});
const actor = async (req: FastifyRequest) => (await req.currentUser()) as CurrentUser;
const rangeSchema = z.object({ from: isoDate.optional(), to: isoDate.optional() }).strict();

export async function shareRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = contextOf(root);
  const tags = ['share'];

  app.post(
    '/partners/:id/share',
    {
      config: { access: 'acounts' },
      schema: {
        summary: "A link to the party's statement (30 days unless chosen); revokes the party's link before it",
        tags,
        params: idParamSchema,
        body: shareBodySchema.optional(),
        response: { 201: shareAnswerSchema },
      },
    },
    async (req, reply) => reply.code(201).send({ data: await share.makeLink(ctx, root.deps.config.appUrl, await actor(req), req.params.id, req.body ?? {}) }),
  );
  app.get(
    '/partners/:id/share',
    {
      config: { access: 'acounts' },
      schema: {
        summary: "The party's open link (when it expires, first and last opened), its last answer and reminder",
        tags,
        params: idParamSchema,
        response: { 200: shareStatusSchema },
      },
    },
    async (req) => ({ data: await share.linkStatus(ctx, req.params.id) }),
  );
  app.delete(
    '/partners/:id/share',
    {
      config: { access: 'acounts' },
      schema: {
        summary: "Revokes the party's link: it answers 410 from then on",
        tags,
        params: idParamSchema,
        response: { 200: z.object({ data: z.object({ revoked: z.number().int() }) }) },
      },
    },
    async (req) => ({ data: await share.revokeLinks(ctx, await actor(req), req.params.id) }),
  );
  app.post(
    '/partners/:id/remind',
    {
      config: { access: 'acounts' },
      schema: {
        summary: 'Records that the party was sent its due (WhatsApp or SMS) now',
        tags,
        params: idParamSchema,
        body: remindBodySchema,
        response: { 200: z.object({ data: z.object({ at: z.string(), channel: z.enum(['whatsapp', 'sms']), by: z.string() }) }) },
      },
    },
    async (req) => ({ data: await share.recordReminder(ctx, await actor(req), req.params.id, req.body.channel) }),
  );

  app.get(
    '/shared/:token',
    {
      config: { access: 'public' },
      schema: {
        summary: "A party's statement by its link's token (no sign-in): 404 unknown, 410 expired or revoked, 429 after wrong tokens",
        tags,
        params: tokenParamSchema,
        querystring: rangeSchema,
        response: { 200: sharedStatementSchema },
      },
    },
    async (req) => {
      const link = await share.openLink(ctx, req.params.token, req.ip, true);
      return { data: await share.sharedStatement(ctx, link, req.query) };
    },
  );
  app.post(
    '/shared/:token/answer',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The party confirms the closing balance, or disputes it with a note',
        tags,
        params: tokenParamSchema,
        body: answerBodySchema,
        response: { 201: z.object({ data: lastAnswerSchema }) },
      },
    },
    async (req, reply) => {
      const link = await share.openLink(ctx, req.params.token, req.ip, false);
      return reply.code(201).send({ data: await share.recordAnswer(ctx, link, req.body) });
    },
  );
}

/** The party's page (/s/:token): drawn on the server, with its own headers (page.ts). */
export async function sharePageRoutes(app: FastifyInstance, opts: { stylesheet: string | null }): Promise<void> {
  const ctx = contextOf(app);
  const send = (reply: FastifyReply, status: number, html: string) => reply.code(status).headers(PAGE_HEADERS).type('text/html; charset=utf-8').send(html);
  /** The refusals of a link as the plain page; anything else is the app's error answer. */
  const refused = (reply: FastifyReply, error: unknown) => {
    if (!(error instanceof HttpError) || ![404, 410, 429].includes(error.statusCode)) throw error;
    if (error.retryAfter) reply.header('retry-after', String(error.retryAfter));
    return send(reply, error.statusCode, plainPage(error.statusCode as 404 | 410 | 429, opts.stylesheet, error.retryAfter));
  };
  const tokenOf = (req: FastifyRequest) => (req.params as { token: string }).token;

  /** The page for a link and the range in the address (a range the party typed that is not a day is left out, not refused: the page shows the link's). */
  const page = async (req: FastifyRequest, link: share.Link, noteMissing = false) => {
    const q = req.query as Record<string, unknown>;
    const day = (v: unknown) => (isoDate.safeParse(v).success ? (v as string) : undefined);
    return statementPage(await share.sharedStatement(ctx, link, { from: day(q.from), to: day(q.to) }), opts.stylesheet, noteMissing);
  };

  app.get('/s/:token', async (req, reply) => {
    try {
      const link = await share.openLink(ctx, tokenOf(req), req.ip, true);
      return send(reply, 200, await page(req, link));
    } catch (error) {
      return refused(reply, error);
    }
  });

  // The page's forms: the language, or the answer. Then back to the page (303: a reload posts nothing again).
  app.post('/s/:token', async (req, reply) => {
    try {
      const link = await share.openLink(ctx, tokenOf(req), req.ip, false);
      const form = new URLSearchParams(typeof req.body === 'string' ? req.body : '');
      const lang = form.get('lang');
      if (lang !== null) {
        if ((shareLanguages as readonly string[]).includes(lang)) await share.setLinkLanguage(ctx, link, lang as 'en' | 'bn');
      } else {
        const answer = answerBodySchema.safeParse({ answer: form.get('answer'), note: form.get('note') ?? undefined });
        // A page's form is answered with the page (the JSON refusal is the API's): the problem by its field, in the link's language.
        if (!answer.success) return send(reply, 400, await page(req, link, true));
        await share.recordAnswer(ctx, link, answer.data);
      }
      const search = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
      return reply
        .code(303)
        .headers(PAGE_HEADERS)
        .header('location', `/s/${tokenOf(req)}${search}`)
        .send();
    } catch (error) {
      return refused(reply, error);
    }
  });
}
