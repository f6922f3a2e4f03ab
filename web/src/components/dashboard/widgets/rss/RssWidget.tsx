import type { Feed, RssWidgetSettings } from '@homecam/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../../hooks/describe-error';
import { Spinner } from '../../../ui/Spinner';
import type { WidgetProps } from '../../widget-types';
import { retryUnreachedOnce } from '../retry';
import { WidgetMessage } from '../WidgetMessage';
import { relativeTime } from './relative-time';
import { getFeed } from './rss-api';

/** The server caches a feed 15 minutes; the widget asks again at that pace. */
export const RSS_REFRESH_MS = 15 * 60_000;

/** `now` is when the feed was fetched: the relative times move on with each refresh. */
function FeedList({ feed, now }: { feed: Feed; now: number }) {
  const { t, i18n } = useTranslation();
  if (feed.items.length === 0) return <WidgetMessage>{t('widgets:rss.empty')}</WidgetMessage>;
  return (
    <div className="flex h-full min-h-0 flex-col gap-1 p-3" data-testid="rss-widget">
      {feed.title && <p className="truncate text-xs font-medium text-foreground-muted">{feed.title}</p>}
      <ul className="flex min-h-0 flex-1 flex-col gap-1.5 overflow-y-auto">
        {feed.items.map((item, index) => (
          <li key={`${index}-${item.link ?? item.title}`} className="min-w-0 text-sm">
            {item.link ? (
              // The feed's pages open apart from HomeCam and learn nothing of it (no opener, no referrer).
              <a href={item.link} target="_blank" rel="noopener noreferrer" title={item.summary || undefined} className="line-clamp-2 text-foreground hover:text-primary hover:underline">
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
        ))}
      </ul>
    </div>
  );
}

/** The newest items of an RSS or Atom feed, fetched by HomeCam (the browser never calls the feed's site). */
export function RssWidget({ settings }: WidgetProps<RssWidgetSettings>) {
  const { t } = useTranslation();
  const url = settings.url.trim();
  const query = useQuery({
    queryKey: ['dashboard', 'feed', url, settings.limit],
    queryFn: ({ signal }) => getFeed(url, settings.limit, signal),
    enabled: url !== '',
    refetchInterval: RSS_REFRESH_MS,
    staleTime: RSS_REFRESH_MS / 2,
    retry: retryUnreachedOnce,
  });

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
