import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';

/**
 * Endless scroll: the next page loads when this sentinel comes near the viewport (IntersectionObserver);
 * the button is there for browsers or layouts where it never does.
 */
export function LoadMore({ hasMore, loading, onLoad }: { hasMore: boolean; loading: boolean; onLoad: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(onLoad);
  useEffect(() => {
    latest.current = onLoad;
  });
  useEffect(() => {
    const node = ref.current;
    if (!node || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) latest.current();
    }, { rootMargin: '400px 0px' });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore]);
  if (!hasMore) return null;
  return (
    <div ref={ref} className="flex justify-center py-4" data-testid="events-load-more">
      {loading ? <Spinner label={t('layout.loading')} /> : <Button variant="secondary" onClick={onLoad}>{t('events:list.loadMore')}</Button>}
    </div>
  );
}
