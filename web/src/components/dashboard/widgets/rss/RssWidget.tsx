import type { Feed, FeedItem, RssWidgetSettings } from '@homecam/shared';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../../hooks/describe-error';
import { useFeed } from '../../../../hooks/use-widget-data';
import { Spinner } from '../../../ui/Spinner';
import type { WidgetProps } from '../../widget-types';
import { WidgetMessage } from '../WidgetMessage';
import { relativeTime } from './relative-time';

/**
 * A link the widget may render: http(s) only. The server already drops other schemes from feeds; this holds on
 * the page too, whatever the answer or a stored setting holds (a `data:` or `javascript:` link is shown as text).
 */
function webLink(link: string | null | undefined): string | null {
  if (!link) return null;
  try {
    const url = new URL(link);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** One headline: a link to the item when it has an http(s) one, else its title as text. */
function FeedItemLine({ item, now }: { item: FeedItem; now: number }) {
  const { i18n } = useTranslation();
  const href = webLink(item.link);
  return (
    <li className="min-w-0 text-sm">
      {href ? (
        // The feed's pages open apart from HomeCam and learn nothing of it (no opener, no referrer).
        <a href={href} target="_blank" rel="noopener noreferrer" title={item.summary || undefined} className="line-clamp-2 text-foreground hover:text-primary hover:underline">
          {item.title}
        </a>
      ) : (
        <span className="line-clamp-2">{item.title}</span>
      )}
      {item.published && (
        <time dateTime={item.published} className="block text-xs text-foreground-muted">
          {relativeTime(item.published, now, i18n.language)}
        </time>
      )}
    </li>
  );
}

/** `now` is when the feed was fetched: the relative times move on with each refresh. */
function FeedList({ feed, now }: { feed: Feed; now: number }) {
  const { t } = useTranslation();
  if (feed.items.length === 0) return <WidgetMessage>{t('widgets:rss.empty')}</WidgetMessage>;
  return (
    <div className="flex h-full min-h-0 flex-col gap-1 p-3" data-testid="rss-widget">
      {feed.title && <p className="truncate text-xs font-medium text-foreground-muted">{feed.title}</p>}
      <ul className="flex min-h-0 flex-1 flex-col gap-1.5 overflow-y-auto">
        {feed.items.map((item, index) => (
          <FeedItemLine key={`${index}-${item.link ?? item.title}`} item={item} now={now} />
        ))}
      </ul>
    </div>
  );
}

/** The newest items of an RSS or Atom feed, fetched by HomeCam (the browser never calls the feed's site). */
export function RssWidget({ settings }: WidgetProps<RssWidgetSettings>) {
  const { t } = useTranslation();
  const url = settings.url.trim();
  const query = useFeed(url, settings.limit);

  if (url === '') return <WidgetMessage>{t('widgets:rss.noUrl')}</WidgetMessage>;
  if (query.data === undefined) {
    if (query.isError) return <WidgetMessage error>{describeError(t, query.error)}</WidgetMessage>;
    return (
      <WidgetMessage>
        <Spinner label={t('widgets:rss.loading')} />
      </WidgetMessage>
    );
  }
  return <FeedList feed={query.data} now={query.dataUpdatedAt} />;
}
