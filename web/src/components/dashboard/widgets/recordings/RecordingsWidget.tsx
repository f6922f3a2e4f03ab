import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EMPTY_FILTERS } from '../../../../lib/event-filters';
import { useRecordingList } from '../../../../hooks/use-events';
import { Lightbox } from '../../../events/Lightbox';
import { recordingItem } from '../../../../lib/lightbox-items';
import { RecordingItem } from '../../../events/RecordingItem';
import { Spinner } from '../../../ui/Spinner';
import type { WidgetProps } from '../../widget-types';
import { WidgetError } from '../../WidgetError';
import type { LatestSettings } from '../latest-count';

/** The newest recordings with their thumbnails (the recordings page's cached list, kept live by the socket); a click plays one. */
export function RecordingsWidget({ settings }: WidgetProps<LatestSettings>) {
  const { t, i18n } = useTranslation(['widgets', 'common']);
  const list = useRecordingList(EMPTY_FILTERS);
  const [index, setIndex] = useState(-1);
  if (list.isPending) return <Spinner label={t('common:layout.loading')} />;
  if (list.isError) return <WidgetError error={list.error} onRetry={() => void list.refetch()} />;
  const items = list.items.slice(0, settings.count);
  return (
    <div className="flex flex-col gap-2" data-testid="recordings-widget">
      {items.length === 0 ? <p className="text-sm text-foreground-muted">{t('widgets:recordings.none')}</p> : null}
      <ul className="flex flex-col gap-2">
        {items.map((recording, position) => (
          <li key={recording.id}>
            <RecordingItem recording={recording} mode="list" onOpen={() => setIndex(position)} />
          </li>
        ))}
      </ul>
      <Link to="/recordings" className="text-sm font-medium text-primary hover:underline">
        {t('widgets:recordings.all')}
      </Link>
      <Lightbox items={items.map((recording) => recordingItem(recording, i18n.language))} index={index} onIndex={setIndex} onClose={() => setIndex(-1)} />
    </div>
  );
}
