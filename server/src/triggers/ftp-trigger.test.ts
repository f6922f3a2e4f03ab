import { Client, FTPError, enterPassiveModeIPv4 } from 'basic-ftp';
import { connect } from 'node:net';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveFtpPath } from './ftp-server.js';
import { FtpTrigger, cameraFromFileName, isImage, type FtpTriggerOptions } from './ftp-trigger.js';
import { CAMERAS, RecordingSink, freePort, memoryLogger, portIsFree, rawFtp, waitFor } from './test-support.js';
import type { TriggerStatusEvent } from './trigger.js';

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200_000, 3), Buffer.from([0xff, 0xd9])]);

describe('FTP helpers', () => {
  it('resolves paths against the working folder, never above the root', () => {
    expect(resolveFtpPath([], 'Front Door/x.jpg')).toEqual(['Front Door', 'x.jpg']);
    expect(resolveFtpPath(['Garage', 'sub'], '../../../etc/passwd')).toEqual(['etc', 'passwd']);
    expect(resolveFtpPath(['Garage'], '/My Camera/./a.jpg')).toEqual(['My Camera', 'a.jpg']);
  });

  it('useFile: leading letters, else the longest camera name that starts the file name', () => {
    const cameras = [{ name: 'Front Door' }, { name: 'Cam1' }, { name: 'Cam10' }];
    expect(cameraFromFileName(cameras, 'FrontDoor20240101.jpg')?.name).toBe('Front Door');
    expect(cameraFromFileName(cameras, 'frontdoor_01.jpg')?.name).toBe('Front Door');
    expect(cameraFromFileName(cameras, 'Cam1_0815.jpg')?.name).toBe('Cam1');
    expect(cameraFromFileName(cameras, 'Cam10-0815.jpg')?.name).toBe('Cam10');
    expect(cameraFromFileName(cameras, 'Cam12.jpg')).toBeUndefined();
    expect(cameraFromFileName(cameras, '20240101.jpg')).toBeUndefined();
  });

  it('recognises pictures by their first bytes', () => {
    expect(isImage(JPEG)).toBe(true);
    expect(isImage(Buffer.from('\x89PNG\r\n\x1a\n0000', 'latin1'))).toBe(true);
    expect(isImage(Buffer.from('just some text here'))).toBe(false);
  });
});

describe('FtpTrigger with a real FTP client (basic-ftp)', () => {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function startTrigger(options: Partial<FtpTriggerOptions> = {}) {
    const sink = new RecordingSink();
    const logger = memoryLogger();
    const trigger = new FtpTrigger({ port: 0, host: '127.0.0.1', ...options }, { cameras: () => CAMERAS, sink, logger });
    cleanups.push(() => trigger.stop());
    await trigger.start();
    return { trigger, sink, logger, port: trigger.port() ?? 0 };
  }

  async function client(port: number, login: { user?: string; password?: string } = {}): Promise<Client> {
    const ftp = new Client(5_000);
    cleanups.push(() => ftp.close());
    await ftp.access({ host: '127.0.0.1', port, user: login.user ?? 'anonymous', password: login.password ?? 'guest' });
    return ftp;
  }

  async function ftpError(promise: Promise<unknown>): Promise<FTPError> {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    if (!(error instanceof FTPError)) throw new Error(`expected an FTP error, got ${String(error)}`);
    return error;
  }

  it('an upload into a camera folder is motion for that camera, with the picture', async () => {
    const { sink, port } = await startTrigger();
    const ftp = await client(port);
    const response = await ftp.uploadFrom(Readable.from([JPEG]), '/Front Door/2024-01-01/snap.jpg');
    expect(response.code).toBe(226);
    expect(response.message).toContain('motion for Front Door');
    expect(sink.calls).toHaveLength(1);
    expect(sink.calls[0]).toMatchObject({ action: 'motion', camera: 'Front Door', source: 'ftp' });
    expect(sink.calls[0]?.image?.equals(JPEG)).toBe(true);
  });

  it('works the way cameras do it: MKD, CWD into the folder, STOR a relative name (PASV and EPSV)', async () => {
    const { sink, port, logger } = await startTrigger();
    const ftp = await client(port);
    await ftp.ensureDir('/garage/2024/01'); // MKD + CWD along the path, case-insensitive camera name
    expect(await ftp.pwd()).toBe('/garage/2024/01');
    await ftp.uploadFrom(Readable.from([Buffer.from('not a picture, a log line')]), 'alarm.txt');
    ftp.prepareTransfer = enterPassiveModeIPv4; // the next transfer over PASV instead of EPSV
    await ftp.uploadFrom(Readable.from([JPEG]), 'b.jpg');
    await waitFor(() => sink.calls.length === 2, { message: 'two uploads' });
    expect(sink.calls.map((c) => [c.camera, c.image?.length])).toEqual([
      ['Garage', undefined],
      ['Garage', JPEG.length],
    ]);
    expect(logger.commands()).toEqual(expect.arrayContaining(['EPSV', 'PASV', 'MKD 2024', 'STOR alarm.txt', 'STOR b.jpg']));
  });

  it('the listing shows one folder per camera', async () => {
    const { port } = await startTrigger();
    const ftp = await client(port);
    const list = await ftp.list('/');
    expect(list.map((entry) => [entry.name, entry.isDirectory])).toEqual(CAMERAS.map((c) => [c.name, true]));
    expect(await ftp.list('/Garage')).toEqual([]);
  });

  it('an unknown folder or a root upload is a clear 550 and nothing is triggered', async () => {
    const { sink, port } = await startTrigger();
    const ftp = await client(port);
    const unknown = await ftpError(ftp.uploadFrom(Readable.from([JPEG]), '/Backyard/snap.jpg'));
    expect(unknown.code).toBe(550);
    expect(unknown.message).toContain("No camera 'Backyard'");
    const root = await ftpError(ftp.uploadFrom(Readable.from([JPEG]), '/snap.jpg'));
    expect(root.code).toBe(550);
    expect(root.message).toContain('Upload into a camera folder');
    expect((await ftpError(ftp.cd('/Backyard'))).code).toBe(550);
    expect((await ftpError(ftp.send('MKD /Backyard'))).code).toBe(550);
    expect(sink.calls).toEqual([]);
  });

  it('an upload larger than the image limit still triggers, without the picture', async () => {
    const { sink, port } = await startTrigger({ maxImageBytes: 100_000 });
    const ftp = await client(port);
    await ftp.uploadFrom(Readable.from([JPEG]), '/My Camera/big.jpg');
    expect(sink.calls).toEqual([{ action: 'motion', camera: 'My Camera', source: 'ftp' }]);
  });

  it('useFile: a root file named after the camera', async () => {
    const { sink, port } = await startTrigger({ useFile: true });
    const ftp = await client(port);
    await ftp.uploadFrom(Readable.from([JPEG]), 'FrontDoor_20240101_120000.jpg');
    expect(sink.calls.map((c) => c.camera)).toEqual(['Front Door']);
    const error = await ftpError(ftp.uploadFrom(Readable.from([JPEG]), '0815.jpg'));
    expect(error.code).toBe(550);
    expect(error.message).toContain("No camera matches the file name '0815.jpg'");
    expect(sink.calls).toHaveLength(1);
  });

  it('passes the sink answer on: skipped is 226, a failing handler 451', async () => {
    const { sink, port } = await startTrigger();
    const ftp = await client(port);
    sink.answer = () => ({ accepted: false, reason: 'skipped', message: 'privacy mode' });
    expect((await ftp.uploadFrom(Readable.from([JPEG]), '/Garage/a.jpg')).message).toContain('skipped: privacy mode');
    sink.answer = () => {
      throw new Error('boom');
    };
    expect((await ftpError(ftp.uploadFrom(Readable.from([JPEG]), '/Garage/b.jpg'))).code).toBe(451);
  });

  describe('with a user and password', () => {
    const login = { username: 'camera', password: 'ftp-pa55' };

    it('refuses a wrong password and anonymous logins', async () => {
      const { sink, port } = await startTrigger(login);
      expect((await ftpError(client(port, { user: 'camera', password: 'wrong' }))).code).toBe(530);
      expect((await ftpError(client(port))).code).toBe(530);
      expect(sink.calls).toEqual([]);
    });

    it('accepts the right login', async () => {
      const { sink, port } = await startTrigger(login);
      const ftp = await client(port, { user: 'camera', password: 'ftp-pa55' });
      await ftp.uploadFrom(Readable.from([JPEG]), '/Garage/a.jpg');
      expect(sink.calls.map((c) => c.camera)).toEqual(['Garage']);
    });

    it('a user without a password is a clear start error', async () => {
      const trigger = new FtpTrigger({ port: 0, host: '127.0.0.1', username: 'camera' }, { cameras: () => CAMERAS, sink: new RecordingSink() });
      await expect(trigger.start()).rejects.toThrow('FTP trigger: set both a user and a password, or neither');
    });
  });

  describe('protocol edges (raw control connection)', () => {
    const raw = (port: number) => rawFtp(port, cleanups);

    it('needs a login first, refuses active mode and downloads', async () => {
      const { port } = await startTrigger();
      const ftp = await raw(port);
      expect(await ftp.send('LIST')).toMatch(/^530 /);
      expect(await ftp.send('USER anonymous')).toMatch(/^331 /);
      expect(await ftp.send('PASS x')).toMatch(/^230 /);
      expect(await ftp.send('PORT 127,0,0,1,200,10')).toMatch(/^502 Active mode is not supported/);
      expect(await ftp.send('STOR /Garage/x.jpg')).toMatch(/^425 Use PASV or EPSV first/);
      expect(await ftp.send('RETR /Garage/x.jpg')).toMatch(/^550 /);
      expect(await ftp.send('SITE CHMOD 777 x')).toMatch(/^502 /);
      expect(await ftp.send('QUIT')).toMatch(/^221 /);
    });

    it('a camera that drops the control connection right after the upload still triggers', async () => {
      const { sink, port } = await startTrigger();
      const ftp = await raw(port);
      await ftp.send('USER cam');
      await ftp.send('PASS x');
      const epsv = await ftp.send('EPSV');
      const dataPort = Number(/\(\|\|\|(\d+)\|\)/.exec(epsv)?.[1]);
      const data = connect(dataPort, '127.0.0.1');
      data.on('error', () => undefined);
      cleanups.push(() => data.destroy());
      await new Promise<void>((resolve) => data.once('connect', () => resolve()));
      expect(await ftp.send('STOR /Garage/x.jpg')).toMatch(/^150 /);
      data.end(JPEG);
      ftp.socket.destroy();
      const call = await sink.nth(1);
      expect(call.camera).toBe('Garage');
      expect(call.image?.length).toBe(JPEG.length);
    });

    it('a data connection from another address is dropped; the client own one works', async () => {
      const { sink, port } = await startTrigger();
      const ftp = await raw(port);
      await ftp.send('USER cam');
      await ftp.send('PASS x');
      const dataPort = Number(/\(\|\|\|(\d+)\|\)/.exec(await ftp.send('EPSV'))?.[1]);
      // Another host (127.0.0.2 is loopback too) races for the passive port.
      const rogue = connect({ port: dataPort, host: '127.0.0.1', localAddress: '127.0.0.2' });
      rogue.on('error', () => undefined);
      cleanups.push(() => rogue.destroy());
      let rogueClosed = false;
      rogue.once('close', () => (rogueClosed = true));
      await waitFor(() => rogueClosed, { timeoutMs: 3_000, message: 'the foreign data connection to be dropped' });
      const data = connect(dataPort, '127.0.0.1');
      data.on('error', () => undefined);
      cleanups.push(() => data.destroy());
      expect(await ftp.send('STOR /Garage/x.jpg')).toMatch(/^150 /);
      data.end(JPEG);
      const call = await sink.nth(1);
      expect(call.image?.length).toBe(JPEG.length);
    });

    it('closes the connection after three wrong passwords', async () => {
      const { port } = await startTrigger({ username: 'camera', password: 'ftp-pa55' });
      const ftp = await raw(port);
      const closed = new Promise<void>((resolve) => ftp.socket.once('close', () => resolve()));
      for (let i = 0; i < 3; i++) {
        await ftp.send('USER camera');
        expect(await ftp.send('PASS nope')).toMatch(/^530 /);
      }
      await closed;
    });
  });

  it('start, stop and restart flip the status and free the port; an open session is dropped', async () => {
    const port = await freePort();
    const { trigger, sink } = await startTrigger({ port });
    const events: TriggerStatusEvent[] = [];
    trigger.on('status', (e) => events.push(e));
    const ftp = await client(port);
    await trigger.stop();
    expect(trigger.status()).toBe('offline');
    expect(await portIsFree(port)).toBe(true);
    await expect(ftp.uploadFrom(Readable.from([JPEG]), '/Garage/a.jpg')).rejects.toThrow();
    await trigger.restart();
    expect(trigger.status()).toBe('online');
    const again = await client(port);
    await again.uploadFrom(Readable.from([JPEG]), '/Garage/a.jpg');
    expect(sink.calls).toHaveLength(1);
    expect(events.map((e) => e.status)).toEqual(['offline', 'online']);

    const second = new FtpTrigger({ port, host: '127.0.0.1' }, { cameras: () => CAMERAS, sink });
    await expect(second.start()).rejects.toThrow(`FTP trigger: port ${port} is already in use`);
    expect(second.status()).toBe('offline');
  });
});
