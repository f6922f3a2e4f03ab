import { FEED_MAX_ITEMS, FEED_SUMMARY_MAX_LENGTH, FEED_TITLE_MAX_LENGTH, type Feed, type FeedItem } from '@homecam/shared';
import { parseFeed, type AnyFeed } from 'feedsmith';
import { isoDate, plainText, safeLink } from './feed-text.js';

/** The feed's body was not an RSS 2.0, Atom or RDF (RSS 1.0) feed. */
export class NotAFeedError extends Error {}

interface RawItem {
  title: unknown;
  link: unknown;
  published: unknown;
  summary: unknown;
}

function item(raw: RawItem, base: string): FeedItem {
  const link = safeLink(raw.link, base);
  return {
    // An untitled item still has a link to show.
    title: plainText(raw.title, FEED_TITLE_MAX_LENGTH) || (link ?? ''),
    link,
    published: isoDate(raw.published),
    summary: plainText(raw.summary, FEED_SUMMARY_MAX_LENGTH),
  };
}

/** Atom: the alternate link (or the first without a rel). */
function atomLink(links: readonly { href?: string | undefined; rel?: string | undefined }[] | undefined): string | undefined {
  return (links?.find((link) => link.rel === 'alternate') ?? links?.find((link) => !link.rel))?.href;
}

function rawItems(parsed: AnyFeed): { title: unknown; link: unknown; items: RawItem[] } {
  switch (parsed.format) {
    case 'rss':
      return {
        title: parsed.feed.title,
        link: parsed.feed.link,
        items: (parsed.feed.items ?? []).map((entry) => ({
          title: entry.title,
          link: entry.link ?? (entry.guid?.isPermaLink !== false ? entry.guid?.value : undefined),
          published: entry.pubDate ?? entry.dc?.dates?.[0],
          summary: entry.description ?? entry.content?.encoded,
        })),
      };
    case 'atom':
      return {
        title: parsed.feed.title?.value,
        link: atomLink(parsed.feed.links),
        items: (parsed.feed.entries ?? []).map((entry) => ({
          title: entry.title?.value,
          link: atomLink(entry.links),
          published: entry.published ?? entry.updated,
          summary: entry.summary?.value ?? entry.content?.value,
        })),
      };
    case 'rdf':
      return {
        title: parsed.feed.title,
        link: parsed.feed.link,
        items: (parsed.feed.items ?? []).map((entry) => ({
          title: entry.title,
          link: entry.link,
          published: entry.dc?.dates?.[0],
          summary: entry.description,
        })),
      };
    case 'json':
      // JSON Feed is not an XML feed; the widget promises RSS and Atom, and the body was read as XML.
      throw new NotAFeedError('JSON Feed is not supported');
  }
}

/**
 * An RSS 2.0 / Atom / RDF document as the widget shows it: plain-text titles and summaries (HTML removed, cut),
 * http(s) links only (resolved against the feed URL), ISO dates, at most FEED_MAX_ITEMS items, untitled ones left out.
 */
export function mapFeed(xml: string, feedUrl: string): Feed {
  let parsed: AnyFeed;
  try {
    parsed = parseFeed(xml);
  } catch (error) {
    throw new NotAFeedError(error instanceof Error ? error.message : 'not a feed');
  }
  const raw = rawItems(parsed);
  return {
    title: plainText(raw.title, FEED_TITLE_MAX_LENGTH),
    link: safeLink(raw.link, feedUrl),
    items: raw.items
      .map((entry) => item(entry, feedUrl))
      .filter((entry) => entry.title !== '' || entry.link !== null)
      .slice(0, FEED_MAX_ITEMS),
  };
}
