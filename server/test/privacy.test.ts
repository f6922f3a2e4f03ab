import type { CameraStatus } from '@homecam/shared';
import { waitFor } from '@homecam/tools';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCamera } from './helpers/http.js';
import { closeAllLive, isText, openLive } from './helpers/live.js';
import { appForSuite } from './helpers/suite-app.js';
import { simulatorForSuite } from './helpers/suite-simulator.js';

/**
 * Privacy mode: the camera gets no upstream connection at all (no live view, recording or motion detection),
 * its snapshot is the privacy image, live viewers are refused with PRIVACY_MODE, and switching it off streams again.
 */
const privacyImage = await readFile(new URL('../assets/privacy.jpg', import.meta.url));
const porch = simulatorForSuite({ cameras: 1, names: ['porch'], mainSize: '320x240', subSize: '160x120', audio: false });
const suite = appForSuite({ viewer: ['cameras:access'], admin: ['admin'] }, { listen: true });

beforeAll(async () => {
  await addCamera(suite.app, suite.token.admin, { name: 'Porch', privacyMode: true, videoConfig: { source: porch.camera.mainUrl } });
});
afterAll(() => closeAllLive());

describe('privacy mode', () => {
  it('shows the privacy image, refuses live view and never connects to the camera', async () => {
    const snapshot = await suite.app.inject({ url: '/api/cameras/Porch/snapshot', headers: suite.bearer('viewer') });
    expect(snapshot.statusCode).toBe(200);
    expect(snapshot.headers['content-type']).toBe('image/jpeg');
    expect(snapshot.headers['x-snapshot-from']).toBe('privacy');
    expect(snapshot.rawPayload.equals(privacyImage)).toBe(true);

    const status = (await suite.app.inject({ url: '/api/cameras/Porch/status', headers: suite.bearer('viewer') })).json<CameraStatus>();
    // The code is what the web translates ("Privacy mode"), never a broken connection.
    expect(status).toMatchObject({ state: 'idle', reason: 'the camera is in privacy mode', offAir: 'privacy' });

    const live = openLive(suite.url, 'Porch', { token: suite.token.viewer });
    const error = await live.next(isText('error'));
    expect(error).toMatchObject({ message: { type: 'error', code: 'PRIVACY_MODE' } });
    expect(await live.closed).toEqual({ code: 4423, reason: 'PRIVACY_MODE' });

    expect(porch.camera.playCount).toBe(0);
  });

  it('streams again once privacy mode is switched off', async () => {
    // The page learns at once that the camera is back (the hub says nothing until the stream starts).
    const pushed: CameraStatus[] = [];
    const unsubscribe = suite.app.homecam.bus.subscribe('CameraStateChanged', ({ status }) => void pushed.push(status));
    const patched = await suite.app.inject({ method: 'PATCH', url: '/api/cameras/Porch', headers: suite.bearer('admin'), payload: { privacyMode: false } });
    expect(patched.statusCode).toBe(200);
    await waitFor(() => pushed.some((status) => status.name === 'Porch' && status.offAir === null), { timeoutMs: 5_000, message: 'a status without privacy mode' });
    unsubscribe();
    expect((await suite.app.inject({ url: '/api/cameras/Porch/status', headers: suite.bearer('viewer') })).json<CameraStatus>().offAir).toBeNull();
    await waitFor(
      async () => (await suite.app.inject({ url: '/api/cameras/Porch/snapshot', headers: suite.bearer('viewer') })).headers['x-snapshot-from'] !== 'privacy',
      { timeoutMs: 30_000, message: 'a real snapshot' },
    );
    expect(porch.camera.playCount).toBeGreaterThan(0);
  });

  it('closes every kind of consumer when it is switched on, and the door refuses every kind while it lasts', async () => {
    const streams = suite.app.homecam.streams;
    const kinds = ['viewer', 'recorder', 'webrtc-audio', 'motion'] as const;
    const consumers = await Promise.all(kinds.map((kind) => streams.attach('Porch', 'main', { kind, label: `privacy-${kind}` })));
    const { consumer: preroll } = await streams.attachWithPreroll('Porch', 'main', { kind: 'recorder', label: 'privacy-preroll' }, Date.now() - 5_000);
    consumers.push(preroll, streams.attachNow('Porch', 'main', { kind: 'motion', label: 'privacy-now' }));
    const ends = consumers.map(async (consumer) => {
      for await (const item of consumer) void item; // read until the door's hub closes it
      return consumer.kind;
    });
    const patched = await suite.app.inject({ method: 'PATCH', url: '/api/cameras/Porch', headers: suite.bearer('admin'), payload: { privacyMode: true } });
    expect(patched.statusCode).toBe(200);
    expect((await Promise.all(ends)).sort()).toEqual(['motion', 'motion', 'recorder', 'recorder', 'viewer', 'webrtc-audio']);
    expect(consumers.every((consumer) => consumer.closed)).toBe(true);

    for (const kind of kinds) await expect(streams.attach('Porch', 'main', { kind })).rejects.toMatchObject({ code: 'PRIVACY_MODE' });
    expect(() => streams.attachNow('Porch', 'main', { kind: 'motion' })).toThrow(expect.objectContaining({ code: 'PRIVACY_MODE' }) as Error);
    await expect(streams.attachWithPreroll('Porch', 'main', { kind: 'recorder' }, Date.now())).rejects.toMatchObject({ code: 'PRIVACY_MODE' });
    await expect(streams.keyframeJpeg('Porch', 1_000)).rejects.toMatchObject({ code: 'PRIVACY_MODE' });
    expect(() => streams.prebuffer('Porch', 'main')).toThrow(expect.objectContaining({ code: 'PRIVACY_MODE' }) as Error);
  });
});
