import { FEED_URL_MAX_LENGTH, type ErrorCode, type Feed } from '@homecam/shared';
import { AppError } from '../errors/app-error.js';
import type { Clock } from '../lib/clock.js';
import { OutboundError, type OutboundFailure, type PublicFetch } from '../outbound/fetch-public.js';
import { TtlCache } from '../outbound/ttl-cache.js';
import type { FetchBudget } from './fetch-budget.js';

const FEED_TTL_MS = 15 * 60_000;
export const FEED_MAX_BYTES = 2 * 1024 * 1024;
const FETCH = { timeoutMs: 8_000, maxBytes: FEED_MAX_BYTES, accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5' };

const FAILURES: Record<OutboundFailure, ErrorCode> = {
  URL_INVALID: 'FEED_URL_INVALID',
  ADDRESS_REFUSED: 'FEED_ADDRESS_REFUSED',
  UNREACHABLE: 'FEED_UNREACHABLE',
  TIMEOUT: 'FEED_UNREACHABLE',
  HTTP_STATUS: 'FEED_UNREACHABLE',
  TOO_MANY_REDIRECTS: 'FEED_UNREACHABLE',
  TOO_LARGE: 'FEED_TOO_LARGE',
};

/** A feed URL as typed in the widget: http(s), no credentials, a host, at most FEED_URL_MAX_LENGTH characters. */
export function parseFeedUrl(text: string): URL {
  const invalid = (why: string) => new AppError('FEED_URL_INVALID', `the feed URL ${why}`);
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > FEED_URL_MAX_LENGTH) throw invalid(`must have 1 to ${FEED_URL_MAX_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw invalid('is not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid('must start with http:// or https://');
  if (url.username !== '' || url.password !== '') throw invalid('must not contain a user name or password');
  if (url.hostname === '') throw invalid('has no host');
  url.hash = '';
  return url;
}

/** The body as text in its declared charset (HTTP header, then the XML declaration; UTF-8 when unknown). */
export function decodeFeedBody(body: Buffer, contentType: string): string {
  const head = body.subarray(0, 200).toString('latin1');
  const label = /charset="?([\w.:-]+)/i.exec(contentType)?.[1] ?? /<\?xml[^>]*encoding=["']([\w.:-]+)["']/i.exec(head)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(label).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

export interface FeedDeps {
  /** Refuses internal addresses (the app's); only tests pass one that allows their local feed server. */
  fetch: PublicFetch;
  budget: FetchBudget;
  clock: Clock;
  /** Default 8 s. */
  timeoutMs?: number | undefined;
}

/** The RSS/Atom widget's data: a user's feed URL fetched from the public internet only, cached 15 min per URL. */
export class FeedService {
  private readonly feeds: TtlCache<Feed>;

  constructor(private readonly deps: FeedDeps) {
    this.feeds = new TtlCache({ ttlMs: FEED_TTL_MS, maxEntries: 200, clock: deps.clock });
  }

  async feed(userId: number, text: string, limit: number): Promise<Feed> {
    const url = parseFeedUrl(text);
    const key = url.href;
    if (this.feeds.peek(key) === null && !this.feeds.isLoading(key)) this.deps.budget.take(userId);
    const feed = await this.feeds.get(key, () => this.load(url));
    return { ...feed, items: feed.items.slice(0, limit) };
  }

  private async load(url: URL): Promise<Feed> {
    let text: string;
    let finalUrl: string;
    try {
      const answer = await this.deps.fetch(url, { ...FETCH, timeoutMs: this.deps.timeoutMs ?? FETCH.timeoutMs });
      text = decodeFeedBody(answer.body, answer.contentType);
      finalUrl = answer.url;
    } catch (error) {
      if (error instanceof OutboundError) throw new AppError(FAILURES[error.reason], `the feed could not be fetched: ${error.message}`);
      throw error;
    }
    // The parser (feedsmith, ~0.2 s to import) is loaded with the first feed asked for, not at every server start.
    const { mapFeed, NotAFeedError } = await import('./feed-mapping.js');
    try {
      return mapFeed(text, finalUrl);
    } catch (error) {
      if (error instanceof NotAFeedError) throw new AppError('FEED_INVALID', 'the answer is not an RSS or Atom feed');
      throw error;
    }
  }
}
