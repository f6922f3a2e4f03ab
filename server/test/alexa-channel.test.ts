import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { createAlexaChannel, announcementText } from '../src/alerts/alexa/alexa-channel.js';
import { insideWindow } from '../src/alerts/alexa/time-window.js';
import { TransientAlertError } from '../src/alerts/channel.js';
import { FakeClock } from '../src/lib/fake-clock.js';
import { captureLog, motionAlert, startReceiver, testCamera, testConfig, type Receiver } from './helpers/alert-receivers.js';

const TOKEN = 'ha-long-lived-token-XYZ';
let ha: Receiver;
const log = captureLog();
/** Local time (the window is in the server's local time). */
const at = (hours: number, minutes = 0) => new Date(2026, 0, 1, hours, minutes).getTime();

beforeAll(async () => {
  ha = await startReceiver();
  // A fake Home Assistant: the service call needs the Bearer token.
  ha.reply = haReply;
});

/** Home Assistant's API wants the Bearer token; the generic announce endpoint (/announce) wants none. */
function haReply(request: { path: string; headers: Record<string, unknown> }) {
  if (request.path === '/announce') return { status: request.headers.authorization === undefined ? 200 : 400 };
  return request.headers.authorization === `Bearer ${TOKEN}` ? { status: 200 } : { status: 401 };
}
afterAll(() => ha.close());

function setup(alexa: Record<string, unknown>, clock = new FakeClock(at(12))) {
  const config = testConfig({
    notifications: { alexa: { active: true, mode: 'home-assistant', url: ha.url, token: TOKEN, service: 'notify/alexa_media_kitchen', ...alexa } },
  });
  return { clock, config, channel: createAlexaChannel({ config, log, clock }) };
}

describe('alexa channel (Home Assistant / announce webhook)', () => {
  it('announces through the Home Assistant notify service with the template, as Alexa Media Player expects', async () => {
    const { channel } = setup({ message: 'Someone at @, look at @' });
    const camera = testCamera({ alexa: true });
    expect(channel.enabled()).toBe(true);
    expect(channel.accepts(motionAlert(camera))).toBe(true);
    await channel.deliver(motionAlert(camera), new AbortController().signal);
    const request = ha.requests.at(-1)!;
    expect(request.path).toBe('/api/services/notify/alexa_media_kitchen');
    expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(JSON.parse(request.body)).toEqual({ message: 'Someone at Front Door, look at Front Door', data: { type: 'announce' } });
  });

  it('default texts and tts with a target entity', async () => {
    expect(announcementText(undefined, 'doorbell', 'Gate')).toBe('Someone is at the door: Gate');
    expect(announcementText('', 'motion', 'Gate')).toBe('Motion at Gate');
    const { channel } = setup({ service: 'tts.cloud_say', target: 'media_player.kitchen' });
    await channel.deliver(motionAlert(testCamera({ alexa: true })), new AbortController().signal);
    expect(ha.requests.at(-1)!.path).toBe('/api/services/tts/cloud_say');
    expect(JSON.parse(ha.requests.at(-1)!.body)).toEqual({ message: 'Motion at Front Door', entity_id: 'media_player.kitchen' });
  });

  it('the generic announce webhook gets {message}', async () => {
    const { channel } = setup({ mode: 'webhook', url: `${ha.url}/announce`, token: undefined });
    expect(channel.enabled()).toBe(true);
    expect(await channel.test(new AbortController().signal)).toEqual({ detail: `HTTP 200 from ${ha.url}` });
    expect(ha.requests.at(-1)!.path).toBe('/announce');
    expect(ha.requests.at(-1)!.headers.authorization).toBeUndefined();
  });

  it('accepts only cameras with alexa on, camera events, inside the window (crossing midnight)', () => {
    const on = testCamera({ alexa: true });
    const inside = setup({ startTime: '22:00', endTime: '06:00' }, new FakeClock(at(23, 30)));
    expect(inside.channel.accepts(motionAlert(on))).toBe(true);
    expect(inside.channel.accepts(motionAlert(testCamera({ alexa: false })))).toBe(false);
    expect(inside.channel.accepts(motionAlert(on, { level: 'ERROR', type: 'ERROR' }))).toBe(false);
    inside.clock.advance(6 * 3600_000); // 05:30
    expect(inside.channel.accepts(motionAlert(on))).toBe(true);
    inside.clock.advance(3600_000); // 06:30
    expect(inside.channel.accepts(motionAlert(on))).toBe(false);
    expect(insideWindow(at(12), '08:00', '18:00')).toBe(true);
    expect(insideWindow(at(18, 1), '08:00', '18:00')).toBe(false);
    expect(insideWindow(at(3), '00:00', '00:00')).toBe(true);
  });

  it('is off without URL, without token (Home Assistant) or without a valid service', () => {
    expect(setup({ url: undefined }).channel.enabled()).toBe(false);
    expect(setup({ token: undefined }).channel.enabled()).toBe(false);
    expect(setup({ service: 'not a service' }).channel.enabled()).toBe(false);
    expect(setup({ active: false }).channel.enabled()).toBe(false);
  });

  it('a wrong token is final, a 503 transient; neither answer nor log holds the token', async () => {
    const { channel } = setup({ token: 'wrong-token-ABC' });
    const final = await channel.test(new AbortController().signal).catch((error: Error) => error);
    expect(final).toBeInstanceOf(Error);
    expect(final).not.toBeInstanceOf(TransientAlertError);
    expect((final as Error).message).toBe(`HTTP 401 from ${ha.url}`);
    ha.reply = () => ({ status: 503 });
    const transient = await setup({}).channel.test(new AbortController().signal).catch((error: Error) => error);
    expect(transient).toBeInstanceOf(TransientAlertError);
    expect((transient as Error).message).not.toContain(TOKEN);
    ha.reply = haReply;
    for (const line of log.lines) expect(line).not.toContain(TOKEN);
    expect(log.lines.length).toBeGreaterThan(0);
  });
});
