import { afterEach, describe, expect, it } from 'vitest';
import { HttpTrigger, parseTriggerUrl } from './http-trigger.js';
import { CAMERAS, RecordingSink, freePort, portIsFree, waitForStatus } from './test-support.js';
import type { TriggerCamera, TriggerStatusEvent } from './trigger.js';

describe('parseTriggerUrl', () => {
  it('reads the action from the path and the camera from the whole query', () => {
    expect(parseTriggerUrl('/motion?Front%20Door')).toEqual({ action: 'motion', camera: 'Front Door' });
    expect(parseTriggerUrl('/motion/reset?Garage')).toEqual({ action: 'motionReset', camera: 'Garage' });
    expect(parseTriggerUrl('/anything/reset/x?Garage')).toEqual({ action: 'motionReset', camera: 'Garage' });
    expect(parseTriggerUrl('/doorbell?My+Camera')).toEqual({ action: 'doorbell', camera: 'My Camera' });
    expect(parseTriggerUrl('/Motion/?a%2Bb')).toEqual({ action: 'motion', camera: 'a+b' });
  });

  it('names what is wrong', () => {
    expect(parseTriggerUrl('/favicon.ico')).toMatchObject({ code: 'TRIGGER_PATH_UNKNOWN', status: 404 });
    expect(parseTriggerUrl('/motion')).toMatchObject({ code: 'CAMERA_NAME_MISSING', status: 400 });
    expect(parseTriggerUrl('/motion?+')).toMatchObject({ code: 'CAMERA_NAME_MISSING', status: 400 });
    expect(parseTriggerUrl('/motion?%E0%A4%A')).toMatchObject({ code: 'CAMERA_NAME_INVALID', status: 400 });
  });
});

describe('HttpTrigger over real HTTP', () => {
  let trigger: HttpTrigger | undefined;
  afterEach(async () => {
    await trigger?.stop();
    trigger = undefined;
  });

  async function startTrigger(options: { localOnly?: boolean; port?: number; cameras?: () => TriggerCamera[] } = {}) {
    const sink = new RecordingSink();
    const t = new HttpTrigger({ port: options.port ?? 0, localOnly: options.localOnly ?? true }, { cameras: options.cameras ?? (() => CAMERAS), sink });
    trigger = t;
    await t.start();
    const base = `http://127.0.0.1:${t.port()}`;
    return { trigger: t, sink, base };
  }

  async function get(url: string, method = 'GET'): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await fetch(url, { method });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it('motion, reset and doorbell reach the sink with the configured name', async () => {
    const { sink, base } = await startTrigger();
    expect(await get(`${base}/motion?Front%20Door`)).toEqual({
      status: 200,
      body: { error: false, camera: 'Front Door', trigger: 'motion', skipped: false, message: "Motion for 'Front Door'" },
    });
    expect((await get(`${base}/motion/reset?front+door`, 'POST')).status).toBe(200);
    expect((await get(`${base}/doorbell?FRONT%20DOOR`, 'PUT')).status).toBe(200);
    expect(sink.calls).toEqual([
      { action: 'motion', camera: 'Front Door', source: 'http' },
      { action: 'motionReset', camera: 'Front Door', source: 'http' },
      { action: 'doorbell', camera: 'Front Door', source: 'http' },
    ]);
  });

  it("decodes + as a space: My+Camera is 'My Camera'", async () => {
    const { sink, base } = await startTrigger();
    expect((await get(`${base}/motion?My+Camera`)).body).toMatchObject({ error: false, camera: 'My Camera' });
    expect(sink.calls).toEqual([{ action: 'motion', camera: 'My Camera', source: 'http' }]);
  });

  it('an unknown camera or path is a clear 4xx error and the sink is not called', async () => {
    const { sink, base } = await startTrigger();
    expect(await get(`${base}/motion?Backyard`)).toEqual({
      status: 404,
      body: { error: true, code: 'CAMERA_NOT_FOUND', message: "Camera 'Backyard' not found" },
    });
    expect(await get(`${base}/ring?Garage`)).toMatchObject({ status: 404, body: { error: true, code: 'TRIGGER_PATH_UNKNOWN' } });
    expect(await get(`${base}/motion`)).toMatchObject({ status: 400, body: { error: true, code: 'CAMERA_NAME_MISSING' } });
    expect(sink.calls).toEqual([]);
  });

  it('passes the sink answer through: skipped is 200 with skipped, a throwing sink is 500', async () => {
    const { sink, base } = await startTrigger();
    sink.answer = () => ({ accepted: false, reason: 'skipped', message: 'At Home is active' });
    expect(await get(`${base}/motion?Garage`)).toEqual({
      status: 200,
      body: { error: false, camera: 'Garage', trigger: 'motion', skipped: true, message: 'At Home is active' },
    });
    sink.answer = () => {
      throw new Error('database locked');
    };
    expect(await get(`${base}/doorbell?Garage`)).toEqual({
      status: 500,
      body: { error: true, code: 'TRIGGER_FAILED', message: "Handling doorbell for 'Garage' failed" },
    });
  });

  it('reads the cameras on every request, so config changes apply without a restart', async () => {
    let cameras: TriggerCamera[] = [{ name: 'Old' }];
    const { sink, base } = await startTrigger({ cameras: () => cameras });
    expect((await get(`${base}/motion?New`)).status).toBe(404);
    cameras = [{ name: 'New' }];
    expect((await get(`${base}/motion?New`)).status).toBe(200);
    expect(sink.calls.map((c) => c.camera)).toEqual(['New']);
  });

  it('a failing cameras provider counts as no cameras, not as a crash', async () => {
    const { sink, base } = await startTrigger({
      cameras: () => {
        throw new Error('config unreadable');
      },
    });
    expect((await get(`${base}/motion?Garage`)).status).toBe(404);
    expect(sink.calls).toEqual([]);
  });

  it('binds loopback only with localOnly, every interface otherwise', async () => {
    const local = await startTrigger({ localOnly: true });
    expect(local.trigger.address()?.address).toBe('127.0.0.1');
    await local.trigger.stop();
    const all = await startTrigger({ localOnly: false });
    expect(['::', '0.0.0.0']).toContain(all.trigger.address()?.address);
    expect((await get(`${all.base}/motion?Garage`)).status).toBe(200);
  });

  it('start, stop and restart flip the status and free the port', async () => {
    const port = await freePort();
    const { trigger: t, base } = await startTrigger({ port });
    const events: TriggerStatusEvent[] = [];
    t.on('status', (event) => events.push(event));
    expect(t.status()).toBe('online');

    await t.stop();
    expect(t.status()).toBe('offline');
    expect(await portIsFree(port)).toBe(true);
    await expect(fetch(`${base}/motion?Garage`)).rejects.toThrow();

    await t.restart();
    expect(t.status()).toBe('online');
    expect((await get(`${base}/motion?Garage`)).status).toBe(200);
    await t.restart();
    await waitForStatus(t, 'online');
    expect(events.map((e) => e.status)).toEqual(['offline', 'online', 'offline', 'online']);
    expect(t.port()).toBe(port);
  });

  it('a keep-alive connection does not hold stop up', async () => {
    const { trigger: t, base } = await startTrigger();
    const response = await fetch(`${base}/motion?Garage`, { headers: { connection: 'keep-alive' } });
    expect(response.status).toBe(200);
    await response.text();
    await t.stop();
    expect(t.status()).toBe('offline');
  });

  it('a port in use is a clear start error and the status says so', async () => {
    const first = await startTrigger();
    const port = first.trigger.port() ?? 0;
    const second = new HttpTrigger({ port, localOnly: true }, { cameras: () => CAMERAS, sink: new RecordingSink() });
    await expect(second.start()).rejects.toThrow(`HTTP trigger: port ${port} is already in use`);
    expect(second.status()).toBe('offline');
    expect(second.lastError()).toBe(`HTTP trigger: port ${port} is already in use`);
    await second.stop();
    expect(second.lastError()).toBeNull();
  });
});
