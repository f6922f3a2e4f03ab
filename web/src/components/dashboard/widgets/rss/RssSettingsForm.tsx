import { FEED_URL_MAX_LENGTH, RSS_WIDGET_MAX_ITEMS, type RssWidgetSettings } from '@homecam/shared';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCheckedField } from '../../../../forms/use-checked-field';
import { Button } from '../../../ui/Button';
import { Select } from '../../../ui/Select';
import { TextField } from '../../../ui/TextField';
import type { WidgetSettingsProps } from '../../widget-types';

const COUNTS = [3, 5, 10, 15, RSS_WIDGET_MAX_ITEMS];

/** An http(s) URL as the server will accept it; the server checks again (and refuses internal addresses). */
function isFeedUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** Feed URL (saved on submit, so a half-typed address is never fetched) and the number of items. */
export function RssSettingsForm({ settings, onChange }: WidgetSettingsProps<RssWidgetSettings>) {
  const { t } = useTranslation();
  const url = useCheckedField((value) => (isFeedUrl(value.trim()) ? null : 'widgets:rss.settings.urlInvalid'), settings.url);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (url.check()) onChange({ ...settings, url: url.value.trim() });
  };

  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={submit} className="flex flex-col gap-2">
        <TextField
          label={t('widgets:rss.settings.url')}
          type="url"
          inputMode="url"
          placeholder="https://example.com/feed.xml"
          maxLength={FEED_URL_MAX_LENGTH}
          hint={t('widgets:rss.settings.urlHint')}
          {...url.fieldProps}
        />
        <Button type="submit" className="self-end" disabled={url.value.trim() === settings.url}>
          {t('widgets:rss.settings.save')}
        </Button>
      </form>
      <Select
        label={t('widgets:rss.settings.limit')}
        value={String(settings.limit)}
        options={COUNTS.map((count) => ({ value: String(count), label: String(count) }))}
        onChange={(event) => onChange({ ...settings, limit: Number(event.target.value) })}
      />
    </div>
  );
}
