import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
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
  // Connections, not requests, are tracked: a Set entry and a listener per request made every
  // request's objects outlive the young generation's collections, ~35 µs of CPU a write (P1 at
  // 10 connections, decision 0051). A connection notes the latest request it brought (the one
  // being worked on, or its last, answered one): one property write a request.
  const connections = new Set<Socket>();
  const server = app.server;
  server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  const handlers = server.listeners('request') as Handler[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (stopping) return refuse(res);
    (req.socket as Tracked)[LATEST] = res;
    for (const handle of handlers) handle(req, res);
  });

  return async () => {
    stopping = true;
    const closed = app.close();
    // Being worked on: the whole request is in and its answer is not yet out (or its client gone).
    const working = [...connections].flatMap((socket) => {
      const res = (socket as Tracked)[LATEST];
      return res && res.req.complete && !res.writableFinished && !res.destroyed ? [res] : [];
    });
    let unfinished = 0;
    if (working.length > 0) {
      const open = new Set(working);
      const done = Promise.all(working.map((res) => new Promise((resolve) => res.once('close', () => resolve(open.delete(res))))));
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => (timer = setTimeout(resolve, STOP_LIMITS.workMs, 'late')));
      if ((await Promise.race([done, late])) === 'late') unfinished = open.size;
      clearTimeout(timer);
    }
    server.closeAllConnections();
    await closed;
    return { unfinished };
  };
}

/** The latest request's answer on a connection (see registerDrain). */
const LATEST = Symbol('latestResponse');
type Tracked = Socket & { [LATEST]?: ServerResponse };

function refuse(res: ServerResponse) {
  const body = JSON.stringify({ error: refusal('server_restarting') });
  res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close', 'retry-after': '2' });
  res.end(body);
}
