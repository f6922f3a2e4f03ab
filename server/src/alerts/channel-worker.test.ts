import { describe, expect, it } from 'vitest';
import { TransientAlertError } from './channel.js';
import { flush, notification, quietLog, setup } from './test-support/fakes.js';

const hang = (): Promise<void> => new Promise(() => undefined);

describe('an alert channel queue', () => {
  it('keeps at most queueSize alerts waiting and counts the rest as dropped, with a warning', async () => {
    const { pipeline, publish, channel } = setup();
    const slow = channel('telegram');
    slow.behaviour = hang;
    pipeline.register(slow);
    for (let i = 0; i < 6; i++) publish();
    await flush();
    // One in flight, three waiting (queueSize 3), two dropped.
    expect(slow.received).toHaveLength(1);
    expect(pipeline.channelStatus('telegram')).toMatchObject({ queued: 3, dropped: 2, sent: 0 });
    expect(quietLog.warnings).toContain('alert queue full: alert dropped');
  });

  it("counts an alert that had nobody to go to neither as sent nor as dropped (web push without a device)", async () => {
    const { pipeline, publish, channel } = setup();
    const empty = channel('push');
    empty.behaviour = () => Promise.resolve('nobody');
    pipeline.register(empty);
    publish();
    await pipeline.idle();
    expect(empty.received).toHaveLength(1);
    expect(pipeline.channelStatus('push')).toMatchObject({ sent: 0, dropped: 0, queued: 0, lastSuccessAt: null, lastError: null });
  });

  it('retries a transient failure with exponential backoff on the server clock, then counts it sent', async () => {
    const { clock, pipeline, publish, channel } = setup();
    const flaky = channel('webhook');
    const start = clock.now();
    flaky.behaviour = (call) => (call < 3 ? Promise.reject(new TransientAlertError(`down ${call}`)) : Promise.resolve());
    pipeline.register(flaky);
    publish();
    await flush();
    expect(flaky.received).toHaveLength(1);
    clock.advance(999);
    await flush();
    expect(flaky.received).toHaveLength(1);
    clock.advance(1);
    await flush();
    expect(flaky.received).toHaveLength(2);
    clock.advance(1_999);
    await flush();
    expect(flaky.received).toHaveLength(2);
    clock.advance(1);
    await flush();
    expect(flaky.received.map((r) => r.at - start)).toEqual([0, 1_000, 3_000]);
    const status = pipeline.channelStatus('webhook');
    expect(status).toMatchObject({ sent: 1, dropped: 0, queued: 0, lastSuccessAt: new Date(start + 3_000).toISOString() });
    // The error of the failed attempts stays visible after the recovery.
    expect(status?.lastError?.message).toBe('down 2');
  });

  it("waits as long as the service's retry-after asks when that is longer than the backoff", async () => {
    const { clock, pipeline, publish, channel } = setup();
    const limited = channel('telegram');
    limited.behaviour = (call) => (call === 1 ? Promise.reject(new TransientAlertError('429 too many requests', 7_000)) : Promise.resolve());
    pipeline.register(limited);
    publish();
    await flush();
    clock.advance(6_999);
    await flush();
    expect(limited.received).toHaveLength(1);
    clock.advance(1);
    await flush();
    expect(limited.received).toHaveLength(2);
    expect(pipeline.channelStatus('telegram')?.sent).toBe(1);
  });

  it('aborts an attempt at the time-out (even when the channel ignores the signal), retries, and gives up after maxAttempts', async () => {
    const { clock, pipeline, publish, channel } = setup();
    const stuck = channel('alexa');
    stuck.behaviour = hang;
    pipeline.register(stuck);
    publish();
    await flush();
    for (const wait of [15_000, 1_000, 15_000, 2_000, 15_000, 4_000, 15_000]) {
      clock.advance(wait);
      await flush();
    }
    expect(stuck.received).toHaveLength(4);
    expect(stuck.received.every((r) => r.signal.aborted)).toBe(true);
    const status = pipeline.channelStatus('alexa');
    expect(status).toMatchObject({ sent: 0, dropped: 1, queued: 0 });
    expect(status?.lastError).toEqual({ code: 'TIMEOUT', message: 'no answer within 15000 ms', at: new Date(clock.now()).toISOString() });
    expect(clock.pendingTimers).toBe(0);
  });

  it('does not retry a final error and keeps its message (URL credentials removed)', async () => {
    const { clock, pipeline, publish, channel } = setup();
    const broken = channel('webhook');
    broken.behaviour = () => Promise.reject(new Error('401 from https://user:hunter2@hooks.example/x'));
    pipeline.register(broken);
    publish();
    await flush();
    clock.advance(60_000);
    await flush();
    expect(broken.received).toHaveLength(1);
    const status = pipeline.channelStatus('webhook');
    expect(status).toMatchObject({ sent: 0, dropped: 1 });
    expect(status?.lastError?.message).toBe('401 from https://***@hooks.example/x');
    expect(status?.lastError?.code).toBe('AUTH_FAILED');
  });

  it('stop() aborts what runs, drops what waits, and resolves; nothing counts as dropped or failed', async () => {
    const { pipeline, publish, channel } = setup();
    const slow = channel('telegram');
    slow.behaviour = hang;
    pipeline.register(slow);
    publish();
    publish();
    await flush();
    await pipeline.stop();
    expect(slow.received[0]?.signal.aborted).toBe(true);
    expect(pipeline.channelStatus('telegram')).toMatchObject({ queued: 0, dropped: 0, lastError: null });
    publish();
    await flush();
    expect(slow.received).toHaveLength(1);
  });

  it('stop() also ends a backoff wait', async () => {
    const { clock, pipeline, publish, channel } = setup();
    const flaky = channel('mqtt');
    flaky.behaviour = () => Promise.reject(new TransientAlertError('broker down'));
    pipeline.register(flaky);
    publish(notification());
    await flush();
    expect(clock.pendingTimers).toBe(1);
    await pipeline.stop();
    expect(clock.pendingTimers).toBe(0);
    expect(flaky.received).toHaveLength(1);
  });
});
