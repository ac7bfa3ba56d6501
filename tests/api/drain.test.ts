import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { STOP_LIMITS, registerDrain } from '../../src/server/http/drain.ts';

// The stop in front of the app (src/server/http/drain.ts), on raw connections as clients hold them:
// what is being worked on is finished and answered, a request that comes on an open connection
// meanwhile is refused in the app's shape, and a client stalled mid-body does not hold the stop.
// The real server under a write load: tests/reliability/sigterm.test.ts.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A raw connection: what it received, and when the server closed it. */
function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (d) => (received += d));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  return { socket, closed, received: () => received };
}

describe('stopping the server', () => {
  let app: FastifyInstance | undefined;
  const limits = { ...STOP_LIMITS };
  afterEach(async () => {
    Object.assign(STOP_LIMITS, limits);
    await app?.close();
  });

  /** An app whose /slow answers after `ms`, and whose POST /echo reads a body. */
  async function start(ms: number) {
    app = Fastify({ logger: false });
    const stop = registerDrain(app);
    app.get('/slow', async () => (await sleep(ms), { slow: true }));
    app.post('/echo', async (req) => ({ got: req.body }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { stop, port: (app.server.address() as net.AddressInfo).port };
  }

  it('finishes and answers the request being worked on, refuses one that comes meanwhile, and closes a stalled client at once', async () => {
    const { stop, port } = await start(400);
    const working = connect(port);
    working.socket.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n');
    const stalled = connect(port);
    stalled.socket.write('POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 20\r\n\r\n{"half":');
    await sleep(100);

    const started = performance.now();
    const stopping = stop();
    await sleep(50);
    working.socket.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(await stopping).toEqual({ unfinished: 0 });
    const ms = performance.now() - started;
    await Promise.all([working.closed, stalled.closed]);

    const [first, second] = working.received().split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\n\{"slow":true\}$/);
    expect(second).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
    expect(second).toMatch(/\r\nconnection: close\r\n/i);
    expect(second).toMatch(/\r\nretry-after: 2\r\n/i);
    expect(JSON.parse(second?.split('\r\n\r\n')[1] ?? '')).toEqual({
      error: { code: 'server_restarting', message: 'The server is restarting. Try again in a moment.' },
    });
    expect(stalled.received()).toBe('');
    // The slow request's 400 ms, not the stalled client's missing 11 bytes.
    expect(ms).toBeLessThan(2_000);
  });

  it('cuts off a request that takes longer than the stop allows, and says how many', async () => {
    STOP_LIMITS.workMs = 200;
    const { stop, port } = await start(5_000);
    const working = connect(port);
    working.socket.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n');
    await sleep(100);
    const started = performance.now();
    expect(await stop()).toEqual({ unfinished: 1 });
    expect(performance.now() - started).toBeLessThan(2_000);
    await working.closed;
    expect(working.received()).toBe('');
  });

  it('does not wait for a connection whose requests were all answered (kept open for the next one)', async () => {
    STOP_LIMITS.workMs = 3_000;
    const { stop, port } = await start(10);
    const idle = connect(port);
    idle.socket.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n');
    idle.socket.write('POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}');
    await sleep(200);
    expect(idle.received().match(/HTTP\/1\.1 200 OK/g)).toHaveLength(2);
    const started = performance.now();
    expect(await stop()).toEqual({ unfinished: 0 });
    expect(performance.now() - started).toBeLessThan(1_000);
    await idle.closed;
  });
});
