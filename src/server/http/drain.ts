import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { refusal } from '../../shared/refusals.ts';

// A stop that loses nothing acknowledged and waits for no client (docs/decisions/0026-lifecycle.md).

/**
 * How long a stop waits for the requests being worked on before it closes every connection anyway,
 * and when the process exits whatever happens (main.ts). Writes give up long before: SQLite waits
 * 5 s for the books' lock, PostgreSQL 3 s (decision 0009).
 */
export const STOP_LIMITS = { workMs: 7_000, exitMs: 9_500 };

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Puts itself in front of the app's request handler (one call and one listener a request, no
 * Fastify hook: the header summary's budget is a few microseconds) and returns the stop:
 *
 * - new connections are no longer accepted, and a request on a connection still open is answered
 *   503 `server_restarting` (Connection: close) without reaching the app;
 * - each request whose body has arrived is worked on to the end and answered, its connection
 *   then closed (Fastify answers with Connection: close while closing);
 * - then every connection still open is closed: idle ones, and clients stalled mid-request, whose
 *   bodies never arrived, so nothing of theirs was written.
 *
 * Resolves once the app is closed, with the number of requests cut off by STOP_LIMITS.workMs.
 */
export function registerDrain(app: FastifyInstance): () => Promise<{ unfinished: number }> {
  let stopping = false;
  const open = new Set<ServerResponse>();
  function forget(this: ServerResponse) {
    open.delete(this);
  }
  const server = app.server;
  const handlers = server.listeners('request') as Handler[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (stopping) return refuse(res);
    open.add(res);
    res.on('close', forget);
    for (const handle of handlers) handle(req, res);
  });

  return async () => {
    stopping = true;
    const closed = app.close();
    // Being worked on: the whole request is in and its answer is not yet out (or its client gone).
    const working = [...open].filter((res) => res.req.complete);
    let unfinished = 0;
    if (working.length > 0) {
      const done = Promise.all(working.map((res) => new Promise((resolve) => res.once('close', resolve))));
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => (timer = setTimeout(resolve, STOP_LIMITS.workMs, 'late')));
      if ((await Promise.race([done, late])) === 'late') unfinished = working.filter((res) => open.has(res)).length;
      clearTimeout(timer);
    }
    server.closeAllConnections();
    await closed;
    return { unfinished };
  };
}

function refuse(res: ServerResponse) {
  const body = JSON.stringify({ error: refusal('server_restarting') });
  res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close', 'retry-after': '2' });
  res.end(body);
}
