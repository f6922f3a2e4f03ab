import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Handler = (request: IncomingMessage, response: ServerResponse, url: URL) => void;

/** A loopback HTTP server with per-path handlers; records every request (path with query). */
export class FakeHttpServer {
  readonly requests: URL[] = [];
  private readonly routes = new Map<string, Handler>();
  private readonly server: Server;
  private readonly open = new Set<ServerResponse>();

  private constructor() {
    this.server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://fake');
      this.requests.push(url);
      this.open.add(response);
      response.on('close', () => this.open.delete(response));
      const handler = this.routes.get(url.pathname);
      if (handler) handler(request, response, url);
      else response.writeHead(404).end('not found');
    });
  }

  static async start(): Promise<FakeHttpServer> {
    const fake = new FakeHttpServer();
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  get base(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  on(path: string, handler: Handler): this {
    this.routes.set(path, handler);
    return this;
  }

  count(path: string): number {
    return this.requests.filter((url) => url.pathname === path).length;
  }

  async close(): Promise<void> {
    for (const response of this.open) response.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Open-Meteo's forecast answer (the fields HomeCam asks for), as https://api.open-meteo.com/v1/forecast sends it. */
export function openMeteoForecast(url: URL): unknown {
  const fahrenheit = url.searchParams.get('temperature_unit') === 'fahrenheit';
  const t = (celsius: number) => (fahrenheit ? Math.round((celsius * 9) / 5 + 32) : celsius);
  return {
    latitude: Number(url.searchParams.get('latitude')),
    longitude: Number(url.searchParams.get('longitude')),
    generationtime_ms: 0.1,
    utc_offset_seconds: 3600,
    timezone: 'Europe/Berlin',
    current_units: { temperature_2m: fahrenheit ? '°F' : '°C' },
    current: {
      time: '2026-11-24T18:00',
      interval: 900,
      temperature_2m: t(4.5),
      apparent_temperature: t(1.2),
      weather_code: 61,
      wind_speed_10m: 12.3,
      relative_humidity_2m: 88,
      is_day: 0,
    },
    daily_units: { temperature_2m_max: fahrenheit ? '°F' : '°C' },
    daily: {
      time: ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'],
      weather_code: [61, 3, 71, 0],
      temperature_2m_max: [t(6), t(5), t(2), t(3)],
      temperature_2m_min: [t(1), t(0), t(-3), t(-4)],
      precipitation_probability_max: [90, 20, 60, 0],
    },
  };
}

/** A fake Open-Meteo: /v1/forecast and /v1/search (geocoding) on one loopback server. */
export async function startFakeOpenMeteo(): Promise<FakeHttpServer> {
  const fake = await FakeHttpServer.start();
  const json = (response: ServerResponse, body: unknown) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  fake.on('/v1/forecast', (_request, response, url) => json(response, openMeteoForecast(url)));
  fake.on('/v1/search', (_request, response, url) => {
    const name = url.searchParams.get('name') ?? '';
    if (name.toLowerCase() === 'nowhere') return json(response, { generationtime_ms: 0.2 });
    json(response, {
      results: [
        { id: 2950159, name: 'Berlin', latitude: 52.52437, longitude: 13.41053, country: 'Germany', country_code: 'DE', admin1: 'Land Berlin' },
        { id: 5083330, name: 'Berlin', latitude: 44.46867, longitude: -71.18508, country: 'United States', admin1: 'New Hampshire' },
      ],
    });
  });
  return fake;
}

export const RSS_SAMPLE = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel>
  <title>Example &amp; News</title><link>https://news.example/</link><description>d</description>
  <item><title><![CDATA[<b>Bold</b> headline]]></title><link>https://news.example/a</link>
    <pubDate>Tue, 24 Nov 2026 10:00:00 GMT</pubDate>
    <description>&lt;p&gt;Hello &lt;script&gt;alert(1)&lt;/script&gt;&lt;a href="x"&gt;world&lt;/a&gt; &amp;amp; more&lt;/p&gt;</description></item>
  <item><title>Second</title><link>javascript:alert(1)</link><pubDate>not a date</pubDate></item>
  <item><title>Third</title><link>/relative/path</link></item>
</channel></rss>`;

export const ATOM_SAMPLE = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>Atom Blog</title><link href="https://blog.example/"/><link rel="self" href="https://blog.example/feed"/>
  <id>urn:x</id><updated>2026-11-24T10:00:00Z</updated>
  <entry><title type="html">&lt;i&gt;First&lt;/i&gt; post</title><id>urn:1</id>
    <link rel="alternate" href="https://blog.example/1"/><updated>2026-11-23T09:30:00Z</updated>
    <summary>Summary one</summary></entry>
  <entry><title>Second post</title><id>urn:2</id><link href="data:text/html,x"/><published>2026-11-22T08:00:00+01:00</published>
    <updated>2026-11-22T09:00:00Z</updated><content type="html">&lt;p&gt;Body&lt;/p&gt;</content></entry>
</feed>`;
