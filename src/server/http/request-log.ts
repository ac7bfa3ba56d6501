import { type FastifyBaseLogger, type FastifyLogFn, type FastifyReply, type FastifyRequest, LogController } from 'fastify';

// The request log (docs/decisions/0027-request-log-and-nightly-backups.md). One line per request,
// written when the request is over, and only for the requests worth reading at `info`: writes,
// refusals and failures, redirects and slow answers; at `debug` every request. What a line holds is cut to
// what cannot let its reader in: the path without its query, token-bearing segments masked, never
// a header or a body.

/** An answer slower than this is logged at `info` whatever it was. */
export const SLOW_REQUEST_MS = 1000;

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Paths whose next segment is a secret (better-auth's reset link carries its token in the path). */
const TOKEN_IN_PATH = ['/api/auth/reset-password/'];

/** The path of `url` as a log may show it: no query string, a token in the path masked. */
export function loggedPath(url: string): string {
  const cut = url.search(/[?#]/);
  const path = cut === -1 ? url : `${url.slice(0, cut)}?…`;
  for (const prefix of TOKEN_IN_PATH) {
    if (path.startsWith(prefix) && path.length > prefix.length) {
      const rest = path.slice(prefix.length);
      const end = rest.search(/[/?]/);
      return `${prefix}***${end === -1 ? '' : rest.slice(end)}`;
    }
  }
  return path;
}

/** What the logger writes of a request, wherever one is logged (Fastify's serializer). */
export function requestSummary(req: FastifyRequest): { method: string; url: string; remoteAddress: string } {
  return { method: req.method, url: loggedPath(req.url), remoteAddress: req.ip };
}

/**
 * Keys never written whatever logs them: pino replaces their values before the line is made
 * (defence in depth; the app's own lines carry none of them).
 */
export const redactedPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  'password',
  'newPassword',
  'token',
];

/**
 * Worth a line at `info`: a write, a refusal or failure, a redirect (a mail's link opened, a
 * sign-in's return; not a 304), a slow answer.
 */
function notable(method: string, status: number, ms: number): boolean {
  return !READS.has(method) || status >= 400 || (status >= 300 && status !== 304) || ms >= SLOW_REQUEST_MS;
}

/**
 * Fastify's request lines, one per request: none when it arrives, the notable ones when answered
 * (all of them at `debug`), none for a route not found (its 404 is a notable answer).
 */
export class RequestLog extends LogController {
  private readonly everything: boolean;
  /**
   * The request lines' own logger: the root's serializers without its redaction. A line holds only
   * what is built below (the method, the path as loggedPath cuts it, the address, the status, the
   * time), so there is nothing to redact, and redacting it cost ~4 µs a line, 2% of a write's CPU
   * (decision 0048). A failed request's line (its error) keeps the
   * redacting logger.
   */
  private plain: FastifyBaseLogger | undefined;

  constructor(level: string) {
    super();
    this.everything = level === 'debug' || level === 'trace';
  }

  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    const ms = reply.elapsedTime;
    const line = { req, res: { statusCode: reply.statusCode }, responseTime: Math.round(ms) };
    if (error) return reply.log.error({ ...line, err: error }, 'request errored');
    const level = notable(req.method, reply.statusCode, ms) ? 'info' : this.everything ? 'debug' : null;
    if (!level) return;
    this.plain ??= reply.server.log.child({}, { redact: { paths: [] } });
    // reply.log's binding, written by hand: the same line as reply.log would write.
    this.plain[level]({ reqId: req.id, ...line }, 'request completed');
  }
}

const LOG_METHODS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Fastify's child logger of a request (its reqId bound), made the first time something is logged
 * through it. With wildcard paths among `redactedPaths`, pino redacts a child's bindings as it
 * makes the child: ~1.5 KB and about a microsecond on every request, for a logger that only a
 * failed request writes with (the request lines have their own: RequestLog). Until then the
 * stand-in answers everything else (its level, isLevelEnabled…) as the parent does.
 */
export function lazyRequestLogger(logger: FastifyBaseLogger, ...[bindings, opts]: Parameters<FastifyBaseLogger['child']>): FastifyBaseLogger {
  // A route's own level or serializers: made now, as Fastify would.
  if (opts && Object.keys(opts).length > 0) return logger.child(bindings, opts);
  let real: FastifyBaseLogger | undefined;
  const child = () => (real ??= logger.child(bindings, opts));
  const lazy = Object.create(logger) as FastifyBaseLogger;
  for (const m of LOG_METHODS) lazy[m] = ((...args: Parameters<FastifyLogFn>) => child()[m](...args)) as FastifyLogFn;
  lazy.child = (b, o) => child().child(b, o);
  return lazy;
}
