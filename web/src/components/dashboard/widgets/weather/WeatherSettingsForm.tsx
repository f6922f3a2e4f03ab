import { PLACE_QUERY_MAX_LENGTH, type WeatherPlace, type WeatherUnits, type WeatherWidgetSettings } from '@homecam/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../../hooks/describe-error';
import { usePlaceSearch } from '../../../../hooks/use-widget-data';
import { Button } from '../../../ui/Button';
import { Select } from '../../../ui/Select';
import { TextField } from '../../../ui/TextField';
import type { WidgetSettingsProps } from '../../widget-types';

function placeLabel(place: WeatherPlace): string {
  return [place.name, place.admin1, place.country].filter(Boolean).join(', ');
}

/** Place search (through HomeCam's geocoding route, on submit only: no request per keystroke) and units. */
export function WeatherSettingsForm({ settings, onChange }: WidgetSettingsProps<WeatherWidgetSettings>) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('');
  const search = usePlaceSearch(i18n.language.slice(0, 2));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim().length >= 2) search.mutate(text.trim());
  };
  const choose = (place: WeatherPlace) => {
    onChange({ ...settings, place: { name: place.name, lat: place.lat, lon: place.lon } });
    search.reset();
    setText('');
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">
        {t('widgets:weather.settings.current')}: <strong>{settings.place?.name ?? t('widgets:weather.settings.none')}</strong>
      </p>
      <form onSubmit={submit} className="flex items-end gap-2" role="search">
        <TextField
          className="flex-1"
          label={t('widgets:weather.settings.search')}
          value={text}
          maxLength={PLACE_QUERY_MAX_LENGTH}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" disabled={text.trim().length < 2 || search.isPending}>
          {t('widgets:weather.settings.searchButton')}
        </Button>
      </form>
      {search.isError && (
        <p role="alert" className="text-sm text-danger">
          {describeError(t, search.error)}
        </p>
      )}
      {search.data?.length === 0 && <p className="text-sm text-foreground-muted">{t('widgets:weather.settings.noResults')}</p>}
      {search.data && search.data.length > 0 && (
        <ul className="flex max-h-60 flex-col gap-1 overflow-auto" aria-label={t('widgets:weather.settings.results')}>
          {search.data.map((place) => (
            <li key={`${place.lat},${place.lon}`}>
              <Button variant="ghost" className="w-full justify-start text-left" onClick={() => choose(place)}>
                <span className="truncate">{placeLabel(place)}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Select
        label={t('widgets:weather.settings.units')}
        value={settings.units}
        options={[
          { value: 'metric', label: t('widgets:weather.settings.metric') },
          { value: 'imperial', label: t('widgets:weather.settings.imperial') },
        ]}
        onChange={(event) => onChange({ ...settings, units: event.target.value as WeatherUnits })}
      />
    </div>
  );
}
