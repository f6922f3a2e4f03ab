import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { FakeClock } from '../src/lib/fake-clock.js';
import { startFakeOpenMeteo, type FakeHttpServer } from './helpers/fake-widget-sources.js';
import { expectError } from './helpers/http.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

/**
 * The weather routes through the real app, against a local fake Open-Meteo configured in config.json (an admin's
 * URL: trusted even on loopback). The fake counts requests, which proves the cache.
 */
let app: HomecamApp;
let fake: FakeHttpServer;
let token: string;
const clock = new FakeClock(Date.parse('2026-11-24T17:00:00Z'));
const API_KEY = 'secret-weather-key-123';
/** Everything pino writes (trace: the most it ever writes): the provider's key must never be in it. */
let logs = '';
const logStream = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    logs += chunk.toString();
    callback();
  },
});

beforeAll(async () => {
  fake = await startFakeOpenMeteo();
  const dataDir = await makeDataDir();
  const weather = { url: `${fake.base}/v1/forecast`, geocodingUrl: `${fake.base}/v1/search`, apiKey: API_KEY };
  await writeFile(join(dataDir, 'config.json'), JSON.stringify({ dashboard: { weather } }));
  app = await createTestApp({ dataDir, clock, logLevel: 'trace', logStream });
  ({ token } = await signedInUser(app, ['dashboard:access']));
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

const get = (url: string, who = token) => app.inject({ method: 'GET', url, headers: bearer(who) });

describe('GET /api/dashboard/weather', () => {
  it('answers the normalised report from the provider, asking for the documented fields', async () => {
    const response = await get('/api/dashboard/weather?lat=52.5243&lon=13.4105');
    expect(response.statusCode).toBe(200);
    const report = response.json<Record<string, unknown>>();
    expect(report).toMatchObject({
      units: 'metric',
      location: { lat: 52.52, lon: 13.41, timezone: 'Europe/Berlin' },
      current: { temperature: 4.5, apparentTemperature: 1.2, weatherCode: 61, windSpeed: 12.3, humidity: 88, isDay: false },
      fetchedAt: new Date(clock.now()).toISOString(),
    });
    expect(report.daily).toEqual([
      { date: '2026-11-24', min: 1, max: 6, weatherCode: 61, precipitationProbability: 90 },
      { date: '2026-11-25', min: 0, max: 5, weatherCode: 3, precipitationProbability: 20 },
      { date: '2026-11-26', min: -3, max: 2, weatherCode: 71, precipitationProbability: 60 },
      { date: '2026-11-27', min: -4, max: 3, weatherCode: 0, precipitationProbability: 0 },
    ]);
    const sent = fake.requests.find((url) => url.pathname === '/v1/forecast');
    expect(sent?.searchParams.get('latitude')).toBe('52.52');
    expect(sent?.searchParams.get('current')).toContain('weather_code');
    expect(sent?.searchParams.get('daily')).toContain('precipitation_probability_max');
    expect(sent?.searchParams.get('apikey')).toBe(API_KEY);
    // The key stays between HomeCam and the provider.
    expect(response.body).not.toContain(API_KEY);
  });

  it('caches per rounded position for 10 minutes and shares concurrent requests', async () => {
    const before = fake.count('/v1/forecast');
    const answers = await Promise.all([0, 1, 2, 3].map(() => get('/api/dashboard/weather?lat=48.1372&lon=11.5755')));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await get('/api/dashboard/weather?lat=48.1391&lon=11.5801')).toHaveProperty('statusCode', 200); // same 2 decimals
    expect(fake.count('/v1/forecast')).toBe(before + 1);
    clock.advance(10 * 60_000 + 1);
    await get('/api/dashboard/weather?lat=48.1372&lon=11.5755');
    expect(fake.count('/v1/forecast')).toBe(before + 2);
  });

  it('asks in fahrenheit and mph for imperial units', async () => {
    const response = await get('/api/dashboard/weather?lat=40.71&lon=-74.01&units=imperial');
    expect(response.json()).toMatchObject({ units: 'imperial', current: { temperature: 40 } });
    const sent = fake.requests.at(-1);
    expect([sent?.searchParams.get('temperature_unit'), sent?.searchParams.get('wind_speed_unit')]).toEqual(['fahrenheit', 'mph']);
  });

  it('refuses positions out of range and bad units', async () => {
    for (const query of ['lat=91&lon=0', 'lat=0&lon=-181', 'lat=abc&lon=1', 'lon=1', 'lat=1&lon=1&units=kelvin']) {
      expectError(await get(`/api/dashboard/weather?${query}`), 400, 'VALIDATION_FAILED');
    }
  });

  it('answers WEATHER_UNAVAILABLE (not a 500) when the provider fails or answers garbage, naming no key', async () => {
    fake.on('/v1/forecast', (_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"error":true'));
    const garbage = await get('/api/dashboard/weather?lat=1.5&lon=1.5');
    expectError(garbage, 502, 'WEATHER_UNAVAILABLE');
    expect(garbage.body).not.toContain(API_KEY);
    fake.on('/v1/forecast', (_request, response) => response.writeHead(500).end());
    expectError(await get('/api/dashboard/weather?lat=2.5&lon=2.5'), 502, 'WEATHER_UNAVAILABLE');
    expect(logs).toContain('WEATHER_UNAVAILABLE');
    expect(logs).not.toContain(API_KEY);
  });
});

describe('GET /api/dashboard/weather/places', () => {
  it('maps the geocoding results and caches them per query', async () => {
    const response = await get('/api/dashboard/weather/places?q=Berlin&lang=de');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { name: 'Berlin', country: 'Germany', admin1: 'Land Berlin', lat: 52.52437, lon: 13.41053 },
      { name: 'Berlin', country: 'United States', admin1: 'New Hampshire', lat: 44.46867, lon: -71.18508 },
    ]);
    expect(fake.requests.at(-1)?.searchParams.get('language')).toBe('de');
    const count = fake.count('/v1/search');
    await get('/api/dashboard/weather/places?q=berlin&lang=de');
    expect(fake.count('/v1/search')).toBe(count);
  });

  it('answers an empty list when nothing is found, and refuses too short or too long queries', async () => {
    expect((await get('/api/dashboard/weather/places?q=nowhere')).json()).toEqual([]);
    expectError(await get('/api/dashboard/weather/places?q=x'), 400, 'VALIDATION_FAILED');
    expectError(await get(`/api/dashboard/weather/places?q=${'a'.repeat(101)}`), 400, 'VALIDATION_FAILED');
  });

  it('needs dashboard:access', async () => {
    const { token: other } = await signedInUser(app, ['cameras:access']);
    expectError(await get('/api/dashboard/weather/places?q=Berlin', other), 403, 'FORBIDDEN');
    expectError(await app.inject({ method: 'GET', url: '/api/dashboard/weather?lat=1&lon=1' }), 401, 'UNAUTHENTICATED');
  });
});
