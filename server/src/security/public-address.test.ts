import { describe, expect, it } from 'vitest';
import { createPushSender } from '../alerts/push/push-sender.js';
import { generateVapidKeys } from './vapid-keys.js';
import { isInternalAddress, isInternalHost, resolvesPublic } from './public-address.js';

describe('internal addresses (review #24)', () => {
  it('knows loopback, private, link-local, unique-local and mapped addresses from public ones', () => {
    for (const address of ['127.0.0.1', '10.0.0.1', '172.31.255.255', '192.168.0.10', '169.254.169.254', '100.64.1.1', '0.0.0.0', '::1', '[::1]', 'fd00::5', 'fe80::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:c0a8:101']) {
      expect(isInternalAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '172.32.0.1', '192.0.2.1', '2001:4860:4860::8888', '::ffff:808:808', 'push.example.com']) {
      expect(isInternalAddress(address), address).toBe(false);
    }
    expect(isInternalHost('LOCALHOST.')).toBe(true);
    expect(isInternalHost('printer.localhost')).toBe(true);
    expect(isInternalHost('fcm.googleapis.com')).toBe(false);
  });

  it('sees the internal IPv4 address inside every IPv6 embedding, and the IPv6 ranges that are never public (N13)', () => {
    const internal = [
      '::127.0.0.1', '[::127.0.0.1]', '::7f00:1', '::a00:1', '::ffff:0:127.0.0.1', '::ffff:0:c0a8:101', '64:ff9b::127.0.0.1',
      '64:ff9b::a9fe:a9fe', '64:ff9b:1::10.0.0.1', '64:ff9b:1::8.8.8.8', '2002:7f00:1::', '2002:c0a8:101::1', '2002:a9fe:a9fe::',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2', '2001:db8::1', '100::1', 'fe80::1%eth0',
    ];
    for (const address of internal) expect(isInternalAddress(address), address).toBe(true);
    for (const address of ['64:ff9b::808:808', '2002:808:808::1', '::ffff:0:808:808', '2a00:1450:4001::200e']) {
      expect(isInternalAddress(address), address).toBe(false);
    }
  });

  it('a name counts as public only when every address it resolves to is', async () => {
    expect(await resolvesPublic('push.example.com', () => Promise.resolve(['93.184.215.14']))).toBe(true);
    expect(await resolvesPublic('rebound.example.com', () => Promise.resolve(['93.184.215.14', '192.168.1.1']))).toBe(false);
    expect(await resolvesPublic('nothing.example.com', () => Promise.resolve([]))).toBe(false);
    expect(await resolvesPublic('localhost', () => Promise.resolve(['93.184.215.14']))).toBe(false);
  });

  it('the push sender resolves at send time and does not send to a name that now points inside', async () => {
    let asked = '';
    const send = createPushSender({
      subject: 'mailto:admin@example.com',
      timeoutMs: 2_000,
      resolve: (host) => {
        asked = host;
        return Promise.resolve(['127.0.0.1']);
      },
    });
    const keys = generateVapidKeys();
    const p256dh = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
    const auth = 'tBHItJI5svbpez7KI4CCXg';
    const result = await send({ endpoint: 'https://rebound.example.com/push/1', p256dh, auth }, { payload: '{}', ttlSeconds: 60, urgency: 'normal' }, keys);
    expect(asked).toBe('rebound.example.com');
    expect(result).toEqual({ outcome: 'failed', status: null, problem: 'the endpoint host resolves to an internal address' });
  });
});
