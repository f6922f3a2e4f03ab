import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { FtpTrigger, type FtpTriggerOptions } from './ftp-trigger.js';
import { MAX_LINE } from './ftp-session.js';
import { CAMERAS, RecordingSink, freePort, portIsFree, rawFtp, waitFor, type RawFtp } from './test-support.js';

/**
 * The FTP trigger listens on the network, often without a login: it is attack surface. Each hostile client here
 * must be cut off or bounded, and the server must keep serving the next (honest) client.
 */
describe('FTP server under hostile input', () => {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function startTrigger(options: Partial<FtpTriggerOptions> = {}) {
    const sink = new RecordingSink();
    const trigger = new FtpTrigger({ port: 0, host: '127.0.0.1', ...options }, { cameras: () => CAMERAS, sink });
    cleanups.push(() => trigger.stop());
    await trigger.start();
    return { sink, port: trigger.port() ?? 0 };
  }

  async function login(port: number): Promise<RawFtp> {
    const ftp = await rawFtp(port, cleanups);
    expect(await ftp.send('USER cam')).toMatch(/^331 /);
    expect(await ftp.send('PASS x')).toMatch(/^230 /);
    return ftp;
  }

  /** An honest client still gets through: login, a command, and a passive port. */
  async function stillServes(port: number): Promise<void> {
    const ftp = await login(port);
    expect(await ftp.send('NOOP')).toBe('200 OK');
    expect(await ftp.send('EPSV')).toMatch(/^229 /);
    ftp.socket.destroy();
  }

  /** waitFor for an asynchronous check. */
  async function eventually(check: () => Promise<boolean>, message: string, timeoutMs = 5_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${message}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async function dataSocket(epsvReply: string): Promise<Socket> {
    const port = Number(/\(\|\|\|(\d+)\|\)/.exec(epsvReply)?.[1]);
    const data = connect(port, '127.0.0.1');
    data.on('error', () => undefined);
    cleanups.push(() => data.destroy());
    await new Promise<void>((resolve) => data.once('connect', () => resolve()));
    return data;
  }

  describe('an over-long line', () => {
    it('without a newline: refused and disconnected before it grows', async () => {
      const { port } = await startTrigger();
      const ftp = await rawFtp(port, cleanups);
      ftp.socket.write(`USER ${'a'.repeat(200_000)}`);
      expect(await ftp.nextReply()).toBe('500 Command line too long');
      await ftp.closed;
      await stillServes(port);
    });

    it('with its newline in the same chunk: refused too, not run', async () => {
      const { port } = await startTrigger();
      const ftp = await rawFtp(port, cleanups);
      // Small enough to arrive in one read together with its CRLF.
      ftp.socket.write(`NOOP ${'x'.repeat(MAX_LINE * 2)}\r\n`);
      expect(await ftp.nextReply()).toBe('500 Command line too long');
      await ftp.closed;
      await stillServes(port);
    });

    it('twenty such clients in a row do not use up the connection limit (16)', async () => {
      const { port } = await startTrigger();
      for (let i = 0; i < 20; i++) {
        const ftp = await rawFtp(port, cleanups);
        ftp.socket.write(`PASS ${'p'.repeat(MAX_LINE + 1)}\r\n`);
        await ftp.closed;
      }
      await stillServes(port);
    });
  });

  describe('a flood of PASV', () => {
    async function twoFreePorts(): Promise<{ min: number; max: number }> {
      for (;;) {
        const min = await freePort();
        if (min < 65535 && (await portIsFree(min + 1))) return { min, max: min + 1 };
      }
    }

    it('one after another: each replaces the last, so two passive ports are enough for fifty', async () => {
      const passivePorts = await twoFreePorts();
      const { port } = await startTrigger({ passivePorts });
      const ftp = await login(port);
      for (let i = 0; i < 50; i++) {
        const reply = await ftp.send('PASV');
        expect(reply).toMatch(/^227 Entering Passive Mode \(127,0,0,1,\d+,\d+\)$/);
        const [hi, lo] = (/,(\d+),(\d+)\)$/.exec(reply) ?? []).slice(1).map(Number);
        expect((hi ?? 0) * 256 + (lo ?? 0)).toBeGreaterThanOrEqual(passivePorts.min);
      }
      expect(await ftp.send('NOOP')).toBe('200 OK');
    });

    it('all at once: cut off after 32 waiting commands, every passive port freed', async () => {
      const passivePorts = await twoFreePorts();
      const { port } = await startTrigger({ passivePorts });
      const ftp = await login(port);
      ftp.socket.write('PASV\r\n'.repeat(200));
      await ftp.closed;
      await eventually(async () => (await portIsFree(passivePorts.min)) && (await portIsFree(passivePorts.max)), 'the passive ports to be released');
      await stillServes(port);
    });
  });

  describe('an abort in mid-STOR', () => {
    const PART = Buffer.alloc(64 * 1024, 7);

    it('the data connection broken off: 426, and the session carries on', async () => {
      const { sink, port } = await startTrigger();
      const ftp = await login(port);
      const data = await dataSocket(await ftp.send('EPSV'));
      expect(await ftp.send('STOR /Garage/a.jpg')).toMatch(/^150 /);
      data.write(PART);
      data.resetAndDestroy();
      expect(await ftp.nextReply()).toBe('426 Transfer aborted');
      // Motion all the same (the camera did upload), but not a half picture.
      expect(sink.calls).toEqual([{ action: 'motion', camera: 'Garage', source: 'ftp' }]);
      expect(await ftp.send('NOOP')).toBe('200 OK');
      const again = await dataSocket(await ftp.send('EPSV'));
      expect(await ftp.send('STOR /Garage/b.jpg')).toMatch(/^150 /);
      again.end(PART);
      expect(await ftp.nextReply()).toMatch(/^226 Transfer complete/);
    });

    it('ABOR while the upload stalls: answered at once (426 then 226), not after the data time-out', async () => {
      const { port } = await startTrigger();
      const ftp = await login(port);
      const data = await dataSocket(await ftp.send('EPSV'));
      expect(await ftp.send('STOR /Garage/a.jpg')).toMatch(/^150 /);
      data.write(PART); // ...and then nothing: the data connection stays open
      ftp.socket.write('ABOR\r\n');
      expect(await ftp.nextReply()).toBe('426 Transfer aborted');
      expect(await ftp.nextReply()).toMatch(/^226 /);
      await waitFor(() => data.destroyed || data.readableEnded, { message: 'the data connection to be closed' });
      expect(await ftp.send('NOOP')).toBe('200 OK');
    });
  });
});
