import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetProps, WidgetSettingsProps } from '../../widget-types';
import { Checkbox } from '../../../ui/Checkbox';
import { Select } from '../../../ui/Select';
import { formatClockDate, formatClockTime, handAngles, type TimeSettings } from './time-format';

/** The current time, re-rendered every second (or minute without seconds). */
function useNow(stepMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    // Aligned to the next full step, so the seconds do not lag behind the system clock by up to a second.
    let timer = setTimeout(function tick() {
      setNow(new Date());
      timer = setTimeout(tick, stepMs - (Date.now() % stepMs));
    }, stepMs - (Date.now() % stepMs));
    return () => clearTimeout(timer);
  }, [stepMs]);
  return now;
}

function AnalogClock({ date, seconds, label }: { date: Date; seconds: boolean; label: string }) {
  const angles = handAngles(date);
  const hand = (angle: number, length: number, width: number, className: string) => (
    <line x1="50" y1="50" x2="50" y2={50 - length} strokeWidth={width} strokeLinecap="round" className={className} transform={`rotate(${angle} 50 50)`} />
  );
  return (
    <svg viewBox="0 0 100 100" role="img" aria-label={label} className="h-full max-h-48 w-full" data-testid="time-analog">
      <circle cx="50" cy="50" r="47" className="fill-surface stroke-border" strokeWidth="2" />
      {Array.from({ length: 12 }, (_, index) => (
        <line key={index} x1="50" y1="7" x2="50" y2={index % 3 === 0 ? 14 : 11} strokeWidth="2" className="stroke-foreground-muted" transform={`rotate(${index * 30} 50 50)`} />
      ))}
      {hand(angles.hour, 24, 4, 'stroke-foreground')}
      {hand(angles.minute, 35, 3, 'stroke-foreground')}
      {seconds ? hand(angles.second, 38, 1.5, 'stroke-primary') : null}
      <circle cx="50" cy="50" r="2.5" className="fill-primary" />
    </svg>
  );
}

/** Time widget: a digital or analog clock and the date, in the user's language. */
export function TimeWidget({ settings }: WidgetProps<TimeSettings>) {
  const { i18n } = useTranslation();
  const now = useNow(settings.seconds ? 1000 : 60_000);
  const time = formatClockTime(now, i18n.language, settings);
  return (
    <div className="flex h-full flex-col items-center justify-center gap-1 text-center" data-testid="time-widget">
      {settings.mode === 'analog' ? (
        <AnalogClock date={now} seconds={settings.seconds} label={time} />
      ) : (
        <p className="text-3xl font-semibold tabular-nums text-foreground" data-testid="time-digital">
          {time}
        </p>
      )}
      <p className="text-sm text-foreground-muted" data-testid="time-date">
        {formatClockDate(now, i18n.language)}
      </p>
    </div>
  );
}

export function TimeSettingsForm({ settings, onChange }: WidgetSettingsProps<TimeSettings>) {
  const { t } = useTranslation('widgets');
  return (
    <div className="flex flex-col gap-3">
      <Select
        label={t('widgets:time.mode')}
        value={settings.mode}
        options={[
          { value: 'digital', label: t('widgets:time.digital') },
          { value: 'analog', label: t('widgets:time.analog') },
        ]}
        onChange={(event) => onChange({ ...settings, mode: event.target.value === 'analog' ? 'analog' : 'digital' })}
        data-testid="time-mode"
      />
      <Checkbox label={t('widgets:time.hour12')} checked={settings.hour12} onChange={(event) => onChange({ ...settings, hour12: event.target.checked })} />
      <Checkbox label={t('widgets:time.seconds')} checked={settings.seconds} onChange={(event) => onChange({ ...settings, seconds: event.target.checked })} />
    </div>
  );
}
