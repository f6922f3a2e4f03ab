import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { expectError } from './helpers/http.js';
import { closeAllSockets, connectOutcome, socketClient } from './helpers/socket.js';
import { createTestApp, listen, type TestAppOptions } from './helpers/test-app.js';
import { signedInUser } from './helpers/users.js';

let app: HomecamApp | undefined;
afterEach(async () => {
  closeAllSockets();
  await app?.close();
  app = undefined;
});

async function start(options: TestAppOptions = {}): Promise<number> {
  app = await createTestApp(options);
  return Number(new URL(await listen(app)).port);
}

/** A connection from `from` (any 127/8 address on Linux: a client of its own to the server). */
function open(port: number, from?: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', ...(from ? { localAddress: from } : {}) }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Resolves with what the server sent once it closes the connection. */
function closed(socket: Socket): Promise<string> {
  let text = '';
  socket.on('data', (chunk) => (text += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  return new Promise((resolve) => socket.once('close', () => resolve(text)));
}

/** One keep-alive request on an open socket; resolves with the status line. */
function ask(socket: Socket, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.once('data', (chunk) => resolve(chunk.toString('latin1').split('\r\n', 1)[0] ?? ''));
    socket.once('error', reject);
    socket.once('close', () => resolve('closed'));
    socket.write(`GET ${path} HTTP/1.1\r\nhost: x\r\n\r\n`);
  });
}

describe('slow and half-sent requests are closed (finding #19)', () => {
  const short = { httpLimits: { headersTimeoutMs: 300, requestTimeoutMs: 600, timeoutCheckMs: 50 } };

  it('a request head that never completes is closed after the headers time-out', async () => {
    const port = await start(short);
    const socket = await open(port);
    const started = Date.now();
    const done = closed(socket);
    socket.write('GET /api/health HTTP/1.1\r\nhost: x\r\nx-slow: ');
    const answer = await done;
    expect(answer.startsWith('HTTP/1.1 408')).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('a body that stops half-way is closed after the request time-out', async () => {
    const port = await start(short);
    const socket = await open(port);
    const done = closed(socket);
    socket.write('POST /api/auth/login HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"user');
    expect((await done).startsWith('HTTP/1.1 408')).toBe(true);
  });

  it('a connection that sends nothing is closed too', async () => {
    const port = await start(short);
    const socket = await open(port);
    await closed(socket);
    expect(socket.destroyed).toBe(true);
  });

  it('upgraded connections (socket.io, live video) outlive the request time-out', async () => {
    const port = await start(short);
    const { token } = await signedInUser(app!, ['admin']);
    const realtime = socketClient(`http://127.0.0.1:${port}`, token);
    expect(await connectOutcome(realtime)).toBe('connected');
    // A half-sent request opened after the socket is closed by the time-out: the socket is older than that.
    const slow = await open(port);
    const done = closed(slow);
    slow.write('POST /api/auth/login HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{');
    expect((await done).startsWith('HTTP/1.1 408')).toBe(true);
    expect(realtime.connected).toBe(true);
  });

  it('the defaults are set on the server (Fastify alone leaves the request time-out off)', async () => {
    await start();
    expect(app?.server.requestTimeout).toBe(30_000);
    expect(app?.server.headersTimeout).toBe(10_000);
    expect(app?.server.keepAliveTimeout).toBe(30_000);
  });
});

describe('connections per address (finding #19)', () => {
  it('closes connections above the cap at once; the others keep working and a closed one frees its place', async () => {
    const port = await start({ httpLimits: { maxConnectionsPerAddress: 3 } });
    const sockets = [await open(port), await open(port), await open(port)];
    expect(await ask(sockets[0]!, '/api/health')).toBe('HTTP/1.1 200 OK');
    const extra = await open(port);
    await closed(extra);
    for (const socket of sockets) expect(await ask(socket, '/api/health')).toBe('HTTP/1.1 200 OK');
    const gone = closed(sockets[0]!);
    sockets[0]!.end();
    await gone;
    // The server notices the close a moment after the client: a new connection gets the place once it has.
    const fresh: Socket[] = [];
    await expect
      .poll(async () => {
        const socket = await open(port);
        fresh.push(socket);
        return ask(socket, '/api/health').catch(() => 'reset');
      })
      .toBe('HTTP/1.1 200 OK');
    for (const socket of [...fresh, ...sockets]) socket.destroy();
  });

  it('is not applied behind a trusted proxy (every connection comes from the proxy)', async () => {
    const port = await start({ trustProxy: true, httpLimits: { maxConnectionsPerAddress: 1 } });
    const sockets = [await open(port), await open(port)];
    for (const socket of sockets) expect(await ask(socket, '/api/health')).toBe('HTTP/1.1 200 OK');
    for (const socket of sockets) socket.destroy();
  });
});

describe('connections in all (D1)', () => {
  it('a few addresses holding partial heads fill the server only up to its reserve: a new client still gets in', async () => {
    // 40 in all: the last 10 only for addresses holding fewer than 8.
    const port = await start({ httpLimits: { maxConnections: 40 } });
    const sockets: Socket[] = [];
    try {
      for (const host of [2, 3, 4]) {
        for (let i = 0; i < 15; i++) {
          const socket = await open(port, `127.0.7.${host}`);
          socket.on('error', () => undefined);
          socket.write('GET /api/health HTTP/1.1\r\nhost: x\r\nx-slow: ');
          sockets.push(socket);
        }
      }
      // 15 + 15 + 8 held; the 7 others of the third address were closed at once.
      await expect.poll(() => countOpen(app!)).toBe(38);
      const real = await open(port, '127.0.0.1');
      sockets.push(real);
      expect(await ask(real, '/api/health')).toBe('HTTP/1.1 200 OK');
      const again = await open(port, '127.0.7.2');
      sockets.push(again);
      expect(await closed(again)).toBe(''); // an attacker's next connection: closed before a byte is read
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  });
});

/** Open connections as the server counts them. */
function countOpen(a: HomecamApp): Promise<number> {
  return new Promise((resolve, reject) => a.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));
}

describe('the 404 handler is rate limited per address', () => {
  it('a flood of unknown paths gets 429 RATE_LIMITED with Retry-After; real routes stay open', async () => {
    await start();
    const statuses = new Set<number>();
    for (let i = 0; i < 300; i++) {
      const response = await app!.inject({ method: i % 2 ? 'GET' : 'POST', url: `/api/nothing-${i}` });
      statuses.add(response.statusCode);
    }
    expect([...statuses]).toEqual([404]);
    const limited = await app!.inject({ url: '/api/nothing-more' });
    expectError(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expectError(await app!.inject({ method: 'DELETE', url: '/elsewhere' }), 429, 'RATE_LIMITED');
    expect((await app!.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await app!.inject({ url: '/api/nothing', remoteAddress: '10.0.0.9' })).statusCode).toBe(404);
  });
});
