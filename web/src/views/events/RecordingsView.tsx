import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RECORDING_TYPES, type Recording } from '@homecam/shared';
import { Can } from '../../components/auth/Can';
import { FilterButton } from '../../components/events/FilterButton';
import { FilterDrawer } from '../../components/events/FilterDrawer';
import { Lightbox } from '../../components/events/Lightbox';
import { followIndex } from '../../components/events/lightbox-nav';
import { recordingItem } from '../../lib/lightbox-items';
import { LoadMore } from '../../components/events/LoadMore';
import { RecordingItem } from '../../components/events/RecordingItem';
import { pruneSelection, toggleAll, toggleSelected, type Selection } from '../../components/events/selection';
import { PageTitle } from '../../components/layout/PageTitle';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { GridIcon, ListIcon } from '../../components/ui/media-icons';
import type { EventFilters } from '../../lib/event-filters';
import { useEventFilters, useFilterChoices, useLabelChoices } from '../../hooks/use-event-filters';
import { useDeleteRecordings, useRecordingList } from '../../hooks/use-events';
import { useHasAllPermissions } from '../../hooks/use-permissions';
import { useStoredChoice } from '../../hooks/use-stored-choice';
import { useToast } from '../../hooks/use-toast';
import { QueryStatus } from '../../components/layout/QueryStatus';

const EDIT = ['settings:recordings:edit'] as const;
const MODES = ['grid', 'list'] as const;

type Mode = (typeof MODES)[number];

/** Grid or list, remembered per browser. */
function ViewModeToggle({ mode, onMode }: { mode: Mode; onMode: (mode: Mode) => void }) {
  const { t } = useTranslation();
  const icons = { grid: <GridIcon width={18} height={18} />, list: <ListIcon width={18} height={18} /> };
  const labels = { grid: t('events:recordings.grid'), list: t('events:recordings.list') };
  return (
    <div role="group" aria-label={t('events:recordings.viewMode')} className="inline-flex gap-1 rounded-lg bg-muted p-1">
      {MODES.map((value) => (
        <button
          key={value}
          type="button"
          aria-pressed={mode === value}
          aria-label={labels[value]}
          title={labels[value]}
          onClick={() => onMode(value)}
          data-testid={`recordings-view-${value}`}
          className={cn('inline-flex h-8 w-8 items-center justify-center rounded-md', mode === value ? 'bg-primary text-primary-foreground' : 'text-foreground hover:bg-surface')}
        >
          {icons[value]}
        </button>
      ))}
    </div>
  );
}

/**
 * Multi-select and delete: the chosen ids (pruned to those still listed), the confirm that is open, and the
 * delete call behind it (null ids: all).
 */
function useRecordingSelection(ids: readonly string[]) {
  const { t } = useTranslation();
  const toast = useToast();
  const remove = useDeleteRecordings();
  const [confirm, setConfirm] = useState<'selected' | 'all' | null>(null);
  const [chosen, setSelection] = useState<Selection>(new Set());
  // Ids that left the list (deleted here, elsewhere, or by retention) are not selected any more.
  const selection = pruneSelection(chosen, ids);

  const deleteIds = (which: 'selected' | 'all') => {
    const doomed = which === 'all' ? null : [...selection];
    remove.mutate(doomed, {
      onSuccess: () => {
        setConfirm(null);
        setSelection(new Set());
        toast.success(t(which === 'all' ? 'events:recordings.deletedAll' : 'events:recordings.deleted', { count: doomed?.length ?? 0 }));
      },
      onError: (error) => toast.apiError(error),
    });
  };
  return { selection, setSelection, confirm, setConfirm, deleteIds, busy: remove.isPending };
}

type RecordingSelection = ReturnType<typeof useRecordingSelection>;

function RecordingsActions({ ids, select }: { ids: readonly string[]; select: RecordingSelection }) {
  const { t } = useTranslation();
  if (ids.length === 0) return null;
  return (
    <div className="mb-3 flex flex-wrap items-center gap-2" data-testid="recordings-actions">
      <Button variant="secondary" size="sm" onClick={() => select.setSelection(toggleAll(select.selection, ids))} data-testid="recordings-select-all">
        {t('events:recordings.selectAll')}
      </Button>
      <Button variant="danger" size="sm" disabled={select.selection.size === 0} onClick={() => select.setConfirm('selected')} data-testid="recordings-delete-selected">
        {t('events:recordings.deleteSelected', { count: select.selection.size })}
      </Button>
      <Button variant="danger" size="sm" onClick={() => select.setConfirm('all')} data-testid="recordings-delete-all">
        {t('events:list.deleteAll')}
      </Button>
    </div>
  );
}

function DeleteConfirm({ select }: { select: RecordingSelection }) {
  const { t } = useTranslation();
  const { confirm } = select;
  return (
    <ConfirmDialog
      open={confirm !== null}
      title={t(confirm === 'all' ? 'events:recordings.deleteAllTitle' : 'events:recordings.deleteSelectedTitle')}
      message={t(confirm === 'all' ? 'events:recordings.deleteAllMessage' : 'events:recordings.deleteSelectedMessage', { count: select.selection.size })}
      confirmLabel={t('events:list.delete')}
      busy={select.busy}
      onConfirm={() => confirm && select.deleteIds(confirm)}
      onCancel={() => select.setConfirm(null)}
    />
  );
}

interface RecordingsFilterProps {
  open: boolean;
  filters: EventFilters;
  items: readonly Recording[];
  onApply: (filters: EventFilters) => void;
  onClose: () => void;
}

/** The filter drawer with the recordings' choices: cameras and rooms seen in the list, types, labels. */
function RecordingsFilter({ open, filters, items, onApply, onClose }: RecordingsFilterProps) {
  const { t } = useTranslation();
  const choices = useFilterChoices(items);
  const labels = useLabelChoices(items, filters.labels);
  return (
    <FilterDrawer
      open={open}
      filters={filters}
      cameras={choices.cameras}
      rooms={choices.rooms}
      types={RECORDING_TYPES.map((type) => ({ value: type, label: t(`events:recordingTypes.${type}`) }))}
      labels={labels}
      onApply={onApply}
      onClose={onClose}
    />
  );
}

/** /recordings: grid or list, filters, endless scroll, lightbox playback, multi-select delete, delete all; live additions. */
export function RecordingsView() {
  const { t, i18n } = useTranslation();
  const [filters, setFilters] = useEventFilters();
  const list = useRecordingList(filters);
  const mayDelete = useHasAllPermissions(EDIT);
  const [mode, setMode] = useStoredChoice('recordings-view', MODES, 'grid');
  const [drawer, setDrawer] = useState(false);
  const [shown, setShown] = useState<{ id: string | null; index: number }>({ id: null, index: -1 });
  const ids = list.items.map((r) => r.id);
  const select = useRecordingSelection(ids);
  const { selection, setSelection } = select;

  // Only finished recordings with something in them play; the lightbox follows its item when the list changes.
  const playable = list.items.filter((r) => r.status !== 'recording' && r.status !== 'failed');
  const playableIds = playable.map((r) => r.id);
  const lightboxIndex = shown.id === null ? -1 : followIndex(playableIds, shown.id, shown.index);
  const openAt = (index: number) => setShown({ id: playableIds[index] ?? null, index });

  return (
    <>
      <PageTitle
        actions={
          <>
            <FilterButton filters={filters} onClick={() => setDrawer(true)} />
            <ViewModeToggle mode={mode} onMode={setMode} />
          </>
        }
      >
        {t('routes.recordings')}
      </PageTitle>
      <Can all={EDIT}>
        <RecordingsActions ids={ids} select={select} />
      </Can>
      <QueryStatus query={list} />
      {list.isSuccess && list.items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-border p-8 text-center text-foreground-muted" data-testid="recordings-empty">
          {t('events:recordings.empty')}
        </div>
      ) : null}
      <ul
        className={mode === 'grid' ? 'grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4' : 'flex flex-col gap-2'}
        data-testid="recordings-list"
        data-mode={mode}
      >
        {list.items.map((recording) => (
          <RecordingItem
            key={recording.id}
            recording={recording}
            mode={mode}
            selected={mayDelete ? selection.has(recording.id) : undefined}
            onSelect={mayDelete ? () => setSelection(toggleSelected(selection, recording.id)) : undefined}
            onOpen={() => openAt(playableIds.indexOf(recording.id))}
          />
        ))}
      </ul>
      <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onLoad={() => void (list.isFetchingNextPage || list.fetchNextPage())} />
      <RecordingsFilter open={drawer} filters={filters} items={list.items} onApply={setFilters} onClose={() => setDrawer(false)} />
      <DeleteConfirm select={select} />
      <Lightbox
        items={playable.map((r) => recordingItem(r, i18n.language))}
        index={lightboxIndex}
        onIndex={openAt}
        onClose={() => setShown({ id: null, index: -1 })}
      />
    </>
  );
}
