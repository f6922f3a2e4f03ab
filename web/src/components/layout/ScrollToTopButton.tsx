import { useTranslation } from 'react-i18next';
import { UI_TIMINGS } from '@homecam/shared';
import { useScrolledPast } from '../../hooks/use-scrolled-past';
import { ArrowUpIcon } from '../ui/icons';

/** Appears once the page is scrolled more than 20 px (spec §2). */
export function ScrollToTopButton() {
  const { t } = useTranslation();
  const visible = useScrolledPast(UI_TIMINGS.scrollTopThresholdPx);
  if (!visible) return null;
  return (
    <button
      type="button"
      data-testid="scroll-to-top"
      aria-label={t('nav.scrollToTop')}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      className="fixed bottom-4 right-4 z-30 inline-flex h-11 w-11 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-panel hover:opacity-90"
    >
      <ArrowUpIcon />
    </button>
  );
}
