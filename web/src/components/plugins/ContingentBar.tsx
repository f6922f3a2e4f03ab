import { useTranslation } from 'react-i18next';
import { formatTime } from '../../lib/event-format';

/** What is left of the month's budget as a bar and numbers, and when AWS was last asked. */
export function ContingentBar({ left, total, lastCall }: { left: number; total: number; lastCall: string | null }) {
  const { t, i18n } = useTranslation();
  const share = total > 0 ? Math.min(1, left / total) : 0;
  return (
    <div className="flex flex-col gap-2" data-testid="rekognition-usage">
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <span className="text-foreground-muted">{t('plugins:rekognition.left')}</span>
        <span className="font-medium text-foreground" data-testid="rekognition-left">
          {t('plugins:rekognition.leftOf', { left: left.toLocaleString(i18n.language), total: total.toLocaleString(i18n.language) })}
        </span>
      </div>
      <div
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-label={t('plugins:rekognition.left')}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={left}
      >
        <div className={share > 0.1 ? 'h-full bg-primary' : 'h-full bg-warning'} style={{ width: `${share * 100}%` }} />
      </div>
      <p className="text-sm text-foreground-muted">
        {t('plugins:rekognition.lastCall')}: <span data-testid="rekognition-last-call">{lastCall ? formatTime(lastCall, i18n.language) : t('plugins:rekognition.never')}</span>
      </p>
    </div>
  );
}
