import type { Recording } from '@homecam/shared';
import { describe, expect, it } from 'vitest';
import { isAppError } from '../errors/app-error.js';
import { flush, notification, setup } from './test-support/fakes.js';

const hang = (): Promise<void> => new Promise(() => undefined);

function recording(id: string): Recording {
  return { id, camera: 'Garden', room: 'Outside', label: 'motion', trigger: 'motion', type: 'Video', status: 'completed' as Recording['status'], startedAt: '2026-01-01T00:00:00.000Z', durationMs: 10_000, sizeBytes: 1234, file: `/files/recordings/${id}.mp4`, thumbnail: null };
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return isAppError(error) ? error.code : String(error);
  }
}

describe('the alert pipeline', () => {
  it('delivers to a healthy channel at once while another channel hangs', async () => {
    const { pipeline, publish, channel } = setup();
    const stuck = channel('telegram');
    stuck.behaviour = hang;
    const healthy = channel('webhook');
    pipeline.register(stuck);
    pipeline.register(healthy);
    publish();
    publish();
    await flush();
    expect(healthy.received).toHaveLength(2);
    expect(pipeline.channelStatus('webhook')).toMatchObject({ sent: 2 });
    expect(pipeline.channelStatus('telegram')).toMatchObject({ sent: 0, queued: 1 });
    expect(pipeline.status().map((s) => s.channel)).toEqual(['telegram', 'webhook']);
  });

  it('skips disabled channels, channels that do not accept the alert, and channels the camera does not list', async () => {
    const { pipeline, publish, channel } = setup({ cameras: { Garden: { name: 'Garden', alertChannels: ['webhook', 'mqtt'] } } });
    const off = channel('webhook');
    off.on = false;
    const picky = channel('mqtt');
    picky.accept = (alert) => alert.notification.type === 'doorbell';
    const unlisted = channel('telegram');
    for (const c of [off, picky, unlisted]) pipeline.register(c);
    publish(notification({ type: 'motion' }));
    publish(notification({ type: 'doorbell' }));
    publish(notification({ camera: 'Porch', type: 'motion' }));
    await flush();
    expect(off.received).toHaveLength(0);
    expect(picky.received.map((r) => r.alert.notification.type)).toEqual(['doorbell']);
    // Porch has no alertChannels: every channel may fire for it.
    expect(unlisted.received.map((r) => r.alert.notification.camera)).toEqual(['Porch']);
    expect(pipeline.channelStatus('webhook')?.enabled).toBe(false);
  });

  it('sends system notifications only at the levels the user chose, except to channels with their own rule', async () => {
    const system = (level: 'WARN' | 'ERROR') => notification({ camera: null, type: level, level });
    const none = setup();
    const a = none.channel('telegram');
    const push = none.channel('push');
    none.pipeline.register(a);
    none.pipeline.register(push, { allSystemLevels: true });
    none.publish(system('WARN'));
    none.publish(system('ERROR'));
    await flush();
    expect(a.received).toHaveLength(0);
    expect(push.received).toHaveLength(2);

    const errorsOnly = setup({ levels: ['ERROR'] });
    const b = errorsOnly.channel('telegram');
    errorsOnly.pipeline.register(b);
    errorsOnly.publish(system('WARN'));
    errorsOnly.publish(system('ERROR'));
    await flush();
    expect(b.received.map((r) => r.alert.notification.level)).toEqual(['ERROR']);
    expect(await b.received[0]!.alert.snapshot()).toBeNull();
  });

  it('gives every channel the same snapshot (the motion frame), fetched once', async () => {
    const { bus, pipeline, publish, channel, live } = setup();
    const one = channel('telegram');
    const two = channel('webhook');
    pipeline.register(one);
    pipeline.register(two);
    const frame = Buffer.from('motion frame jpeg');
    bus.publish('MotionStarted', { camera: 'Garden', source: 'motion', at: 0, image: frame, continued: false, eventId: 'e1' });
    publish(notification({ camera: 'Garden' }));
    const doorbell = publish(notification({ camera: 'Porch', type: 'doorbell' }));
    await flush();
    const [first, second] = [one.received[0]!.alert, two.received[0]!.alert];
    expect(first).toBe(second);
    expect(await first.snapshot()).toBe(frame);
    // No motion frame for Porch: a live snapshot, taken once for both channels.
    const porch = one.received.find((r) => r.alert.notification.id === doorbell.id)!.alert;
    expect(await Promise.all([porch.snapshot(), porch.snapshot()])).toEqual([Buffer.from('live Porch'), Buffer.from('live Porch')]);
    expect(live).toEqual(['Porch']);
  });

  it('resolves clip() when the recording completes, and with null once the clip cap plus margin passed', async () => {
    const { bus, clock, pipeline, publish, channel } = setup();
    const tg = channel('telegram');
    pipeline.register(tg);
    publish(notification({ recordingId: 'r1' }));
    publish(notification({ recordingId: 'r2' }));
    publish(notification({ recordingId: null }));
    await flush();
    const [c1, c2, c3] = tg.received.map((r) => r.alert.clip());
    bus.publish('RecordingCompleted', { recording: recording('r1') });
    expect(await c1).toEqual({ path: '/clips/r1.mp4', bytes: 1234, mimeType: 'video/mp4' });
    expect(await c3).toBeNull();
    clock.advance(60_000);
    expect(await c2).toBeNull();
    // A clip asked for after its recording completed is found too.
    publish(notification({ recordingId: 'r1' }));
    await flush();
    expect(await tg.received[3]!.alert.clip()).toMatchObject({ path: '/clips/r1.mp4' });
  });

  it('sends a test through the channel and reports unknown, disabled and failing channels with codes', async () => {
    const { pipeline, channel, clock } = setup();
    const tg = channel('telegram');
    pipeline.register(tg);
    expect(await pipeline.test('telegram', { userId: 1 })).toEqual({ ok: true, detail: 'ok' });
    expect(pipeline.channelStatus('telegram')?.lastSuccessAt).toBe(new Date(clock.now()).toISOString());
    expect(await codeOf(pipeline.test('alexa', { userId: 1 }))).toBe('ALERT_CHANNEL_UNKNOWN');
    tg.testResult = () => Promise.reject(new Error('chat not found'));
    expect(await codeOf(pipeline.test('telegram', { userId: 1 }))).toBe('ALERT_TEST_FAILED');
    expect(pipeline.channelStatus('telegram')?.lastError?.message).toBe('chat not found');
    tg.testResult = () => new Promise(() => undefined);
    const pending = codeOf(pipeline.test('telegram', { userId: 1 }));
    clock.advance(20_000);
    expect(await pending).toBe('ALERT_TEST_FAILED');
    tg.on = false;
    expect(await codeOf(pipeline.test('telegram', { userId: 1 }))).toBe('ALERT_CHANNEL_DISABLED');
  });
});
