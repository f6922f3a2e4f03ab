import { waitFor } from '@homecam/tools';
import { describe, expect, it } from 'vitest';
import { liveYardSuite } from './helpers/live-yard.js';
import { isText, openLive, type LiveClient, type LiveEvent } from './helpers/live.js';
import { bearer, masterUser, signedInUser, tokenFor } from './helpers/users.js';

/** Who the live socket refuses and how (close codes, error codes), and the demo camera, on the simulated "Yard". */
const { suite, asViewer, asAdmin, viewerLive } = liveYardSuite();
const isKeyframe = (event: LiveEvent): boolean => event.kind === 'fragment' && event.info.keyframe;

describe('the live socket refuses', () => {
  const closedWith = async (client: LiveClient) => {
    const error = await client.next(isText('error'));
    return { error: error.kind === 'text' ? error.message : null, close: await client.closed };
  };

  it('a client that does not authenticate, or sends something else first', async () => {
    expect(await closedWith(openLive(suite.url, 'Yard'))).toMatchObject({ error: { code: 'UNAUTHENTICATED' }, close: { code: 4401 } });
    const chatty = openLive(suite.url, 'Yard');
    await chatty.opened;
    chatty.send({ type: 'resume' });
    expect(await closedWith(chatty)).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    expect(await closedWith(openLive(suite.url, 'Yard', { token: 'not-a-token' }))).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
  });

  it('a page from another origin, a user without cameras:access, a session owing the credential change', async () => {
    expect(await closedWith(viewerLive('Yard', { origin: 'http://evil.example' }))).toMatchObject({
      error: { code: 'FORBIDDEN' },
      close: { code: 4403 },
    });
    const { token } = await signedInUser(suite.app, ['settings:cameras:edit', 'dashboard:access']);
    expect(await closedWith(openLive(suite.url, 'Yard', { token }))).toMatchObject({ error: { code: 'FORBIDDEN' }, close: { code: 4403 } });
    const master = await tokenFor(suite.app, await masterUser(suite.app));
    expect(await closedWith(openLive(suite.url, 'Yard', { token: master }))).toMatchObject({ error: { code: 'CREDENTIALS_CHANGE_REQUIRED' } });
    // the own origin is fine
    const same = viewerLive('Yard', { origin: suite.url });
    await same.next(isText('state'));
  });

  it('an unknown camera (after authenticating), a plain HTTP request', async () => {
    expect(await closedWith(viewerLive('Nope'))).toMatchObject({ error: { code: 'CAMERA_NOT_FOUND' }, close: { code: 4404 } });
    const plain = await asViewer({ url: '/api/cameras/Yard/live' });
    expect(plain.statusCode).toBe(400);
    expect((await suite.app.inject({ url: '/api/cameras/Yard/live' })).statusCode).toBe(401);
  });

  it('accepts the session cookie instead of the auth message, and ends with the session', async () => {
    const { token } = await signedInUser(suite.app, ['cameras:access']);
    const live = openLive(suite.url, 'Yard', { cookie: token });
    await live.next(isText('state'));
    await suite.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(await closedWith(live)).toMatchObject({ error: { code: 'UNAUTHENTICATED' }, close: { code: 4401 } });
  });
});

describe('demo camera', () => {
  it('plays live and snapshots without a camera; a still image source is used when the stream is idle; a rename closes its viewers', async () => {
    const demo = await asAdmin({ method: 'POST', url: '/api/cameras/demo' });
    const name = demo.json<{ name: string }>().name;
    await asAdmin({ method: 'PATCH', url: `/api/cameras/${name}`, payload: { videoConfig: { source: 'demo:?size=320x240&fps=10' } } });
    const live = viewerLive(name);
    await live.next(isKeyframe);
    expect(live.texts().find((m) => m.type === 'init')).toMatchObject({ transcoding: true });
    const snapshot = await asViewer({ url: `/api/cameras/${name}/snapshot?width=160` });
    expect([snapshot.statusCode, snapshot.headers['x-snapshot-from']]).toEqual([200, 'buffer']);

    const renamed = await asAdmin({ method: 'PATCH', url: `/api/cameras/${name}`, payload: { name: 'Test Pattern' } });
    expect(renamed.statusCode).toBe(200);
    expect(await live.next(isText('error'))).toMatchObject({ message: { code: 'CAMERA_NOT_FOUND' } });
    expect((await live.closed).code).toBe(4404);

    // no stream running for it: a burst of snapshots starts it once and shares one picture
    const burst = await Promise.all([1, 2, 3].map(() => asViewer({ url: '/api/cameras/Test%20Pattern/snapshot' })));
    expect(burst.map((r) => [r.statusCode, r.headers['x-snapshot-from']])).toEqual([[200, 'live'], [200, 'live'], [200, 'live']]);
    expect(new Set(burst.map((r) => r.rawPayload.toString('base64'))).size).toBe(1);
    expect(suite.app.homecam.streams.stats('Test Pattern', 'main').upstreamStarts).toBe(1);
    await waitFor(() => suite.app.homecam.streams.streamState('Test Pattern', 'main').state === 'idle', { message: 'the pulled stream to idle out' });

    // no stream running for it: the still image source answers (a one-shot ffmpeg, here another generated picture)
    await asAdmin({ method: 'PATCH', url: '/api/cameras/Test%20Pattern', payload: { videoConfig: { stillImageSource: 'demo:?size=64x48&audio=0' } } });
    const still = await asViewer({ url: '/api/cameras/Test%20Pattern/snapshot' });
    expect([still.statusCode, still.headers['x-snapshot-from']]).toEqual([200, 'still']);
    await asAdmin({ method: 'DELETE', url: '/api/cameras/Test%20Pattern' });
  });
});

