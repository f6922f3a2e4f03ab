import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { panBy, zoomAt, type TimeWindow } from '../../lib/timeline-scale';
import { formatLength } from '../../lib/time-format';
import { ZOOM_STEP } from '../../lib/timeline-keys';
import { PanLeftIcon, PanRightIcon, ZoomInIcon, ZoomOutIcon } from '../ui/playback-icons';

function ToolButton({ label, onClick, testId, children }: { label: string; onClick: () => void; testId: string; children: ReactNode }) {
  return (
    <button type="button" onClick={onClick} aria-label={label} title={label} data-testid={testId} className="inline-flex h-9 w-9 items-center justify-center rounded-md text-foreground hover:bg-muted sm:h-8 sm:w-8">
      {children}
    </button>
  );
}

/** Buttons for what the wheel, pinch and keys also do: zoom around the centre (or play head), page back and forth, back to now. */
export function ZoomControls({ window, bounds, anchor, onWindow }: { window: TimeWindow; bounds: TimeWindow; anchor: number | null; onWindow: (w: TimeWindow) => void }) {
  const { t, i18n } = useTranslation();
  const length = window.end - window.start;
  // Zoom around the play head when it is in view; at the live edge around now (the newest footage stays in view).
  const atNow = window.end >= bounds.end - length / 100;
  const centre = anchor !== null && anchor >= window.start && anchor <= window.end ? anchor : atNow ? window.end : window.start + length / 2;
  return (
    <div className="flex items-center gap-1" data-testid="timeline-zoom" data-span={length}>
      <ToolButton label={t('history:timeline.earlier')} onClick={() => onWindow(panBy(window, -length / 2, bounds))} testId="timeline-earlier">
        <PanLeftIcon />
      </ToolButton>
      <ToolButton label={t('history:timeline.zoomOut')} onClick={() => onWindow(zoomAt(window, ZOOM_STEP, centre, bounds))} testId="timeline-zoom-out">
        <ZoomOutIcon />
      </ToolButton>
      <span className="min-w-14 text-center text-xs tabular-nums text-foreground-muted" title={t('history:timeline.shownSpan')}>
        {formatLength(length, i18n.language)}
      </span>
      <ToolButton label={t('history:timeline.zoomIn')} onClick={() => onWindow(zoomAt(window, 1 / ZOOM_STEP, centre, bounds))} testId="timeline-zoom-in">
        <ZoomInIcon />
      </ToolButton>
      <ToolButton label={t('history:timeline.later')} onClick={() => onWindow(panBy(window, length / 2, bounds))} testId="timeline-later">
        <PanRightIcon />
      </ToolButton>
      <button type="button" onClick={() => onWindow(panBy(window, bounds.end - window.end, bounds))} className="ml-1 rounded-md px-2 text-xs font-medium text-primary hover:underline sm:text-sm" data-testid="timeline-now">
        {t('history:timeline.now')}
      </button>
    </div>
  );
}
