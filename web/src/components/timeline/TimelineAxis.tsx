import { useTranslation } from 'react-i18next';
import { formatClock, formatDay } from '../../lib/time-format';
import { HOUR_MS, MINUTE_MS, ticks, timeToX, type TimeWindow } from '../../lib/timeline-scale';

/** The time axis above the rows: whole local minutes or hours, the day written where it begins. */
export function TimelineAxis({ window, width }: { window: TimeWindow; width: number }) {
  const { i18n } = useTranslation();
  const list = ticks(window, width);
  const seconds = window.end - window.start < 3 * MINUTE_MS;
  return (
    <div className="relative h-5 select-none text-[11px] text-foreground-muted" aria-hidden="true">
      {list.map((tick) => {
        const x = timeToX(window, width, tick.at);
        // A label centred on a tick this close to an edge would be cut in half.
        if (x < 28 || x > width - 28) return null;
        const midnight = new Date(tick.at).getHours() === 0 && new Date(tick.at).getMinutes() === 0;
        const label = midnight && window.end - window.start >= 2 * HOUR_MS ? formatDay(tick.at, i18n.language) : formatClock(tick.at, i18n.language, seconds);
        return (
          <span key={tick.at} className="absolute top-0 flex -translate-x-1/2 flex-col items-center whitespace-nowrap" style={{ left: x }}>
            <span className={tick.major ? 'font-semibold text-foreground' : undefined}>{label}</span>
          </span>
        );
      })}
    </div>
  );
}
