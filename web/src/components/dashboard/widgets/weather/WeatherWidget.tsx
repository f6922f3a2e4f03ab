import { weatherCondition, type WeatherReport, type WeatherWidgetSettings } from '@homecam/shared';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../../hooks/describe-error';
import { useWeather } from '../../../../hooks/use-widget-data';
import { Spinner } from '../../../ui/Spinner';
import type { WidgetProps } from '../../widget-types';
import { WidgetMessage } from '../WidgetMessage';
import { weatherIcon } from './weather-icons';

const degrees = (value: number) => `${Math.round(value)}°`;

function weekday(date: string, language: string): string {
  // Noon UTC: the date stays the same day in every time zone the browser may be in.
  return new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

function Forecast({ report, language }: { report: WeatherReport; language: string }) {
  const { t } = useTranslation();
  // Today is the current conditions above: the next three days follow.
  return (
    <ul className="grid grid-cols-3 gap-1 border-t border-border pt-2" data-testid="weather-forecast">
      {report.daily.slice(1, 4).map((day) => (
        <li key={day.date} className="flex min-w-0 flex-col items-center text-xs">
          <span className="truncate text-foreground-muted">{weekday(day.date, language)}</span>
          <span aria-hidden="true" className="text-lg leading-tight">
            {weatherIcon(day.weatherCode)}
          </span>
          <span className="sr-only">{t(`widgets:weather.conditions.${weatherCondition(day.weatherCode)}`)}</span>
          <span className="tabular-nums">
            {degrees(day.max)} <span className="text-foreground-muted">{degrees(day.min)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

function Current({ report, place }: { report: WeatherReport; place: string }) {
  const { t } = useTranslation();
  const { current } = report;
  const wind = report.units === 'imperial' ? 'mph' : 'km/h';
  return (
    <div className="flex min-w-0 items-center gap-3">
      <span aria-hidden="true" className="text-4xl leading-none">
        {weatherIcon(current.weatherCode, current.isDay)}
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-3xl font-semibold tabular-nums leading-none" data-testid="weather-temperature">
          {degrees(current.temperature)}
        </p>
        <p className="truncate text-sm">{t(`widgets:weather.conditions.${weatherCondition(current.weatherCode)}`)}</p>
        <p className="truncate text-xs text-foreground-muted">{place}</p>
      </div>
      <dl className="hidden shrink-0 text-xs text-foreground-muted @[18rem]:block">
        {current.apparentTemperature !== null && (
          <div className="flex gap-1">
            <dt>{t('widgets:weather.feelsLike')}</dt>
            <dd className="tabular-nums">{degrees(current.apparentTemperature)}</dd>
          </div>
        )}
        {current.humidity !== null && (
          <div className="flex gap-1">
            <dt>{t('widgets:weather.humidity')}</dt>
            <dd className="tabular-nums">{Math.round(current.humidity)} %</dd>
          </div>
        )}
        {current.windSpeed !== null && (
          <div className="flex gap-1">
            <dt>{t('widgets:weather.wind')}</dt>
            <dd className="tabular-nums">
              {Math.round(current.windSpeed)} {wind}
            </dd>
          </div>
        )}
      </dl>
    </div>
  );
}

/** Current weather and three days of forecast at the chosen place; data comes from HomeCam, refreshed every 10 min. */
export function WeatherWidget({ settings }: WidgetProps<WeatherWidgetSettings>) {
  const { t, i18n } = useTranslation();
  const place = settings.place;
  const query = useWeather(place, settings.units);

  if (!place) return <WidgetMessage>{t('widgets:weather.noPlace')}</WidgetMessage>;
  // A failed refresh keeps showing the last report; only a widget without data shows the error.
  if (query.data === undefined) {
    if (query.isError) return <WidgetMessage error>{describeError(t, query.error)}</WidgetMessage>;
    return (
      <WidgetMessage>
        <Spinner label={t('widgets:weather.loading')} />
      </WidgetMessage>
    );
  }
  return (
    <div className="@container flex h-full min-h-0 flex-col justify-between gap-2 overflow-hidden p-3" data-testid="weather-widget">
      <Current report={query.data} place={place.name} />
      <Forecast report={query.data} language={i18n.language} />
    </div>
  );
}
