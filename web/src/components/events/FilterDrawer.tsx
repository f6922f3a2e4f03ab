import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMPTY_FILTERS, type EventFilters } from '../../lib/event-filters';
import { Button } from '../ui/Button';
import { Checkbox } from '../ui/Checkbox';
import { Drawer } from '../ui/Drawer';
import { TextField } from '../ui/TextField';

export interface FilterOption {
  value: string;
  label: string;
}

export interface FilterDrawerProps {
  open: boolean;
  filters: EventFilters;
  cameras: readonly FilterOption[];
  rooms: readonly FilterOption[];
  types: readonly FilterOption[];
  labels: readonly FilterOption[];
  onApply: (filters: EventFilters) => void;
  onClose: () => void;
}

type ListKey = 'cameras' | 'rooms' | 'types' | 'labels';

/** The filters of /recordings and /notifications in a side drawer (ui/Drawer); nothing changes until "Apply". */
export function FilterDrawer(props: FilterDrawerProps) {
  // Mounted when opened, so the draft starts from the applied filters every time.
  return props.open ? <DrawerPanel {...props} /> : null;
}

interface FilterGroupProps {
  list: ListKey;
  title: string;
  options: readonly FilterOption[];
  draft: EventFilters;
  onToggle: (list: ListKey, value: string) => void;
}

/** One list of choices (cameras, rooms, …) as checkboxes; nothing when there is nothing to choose. */
function FilterGroup({ list, title, options, draft, onToggle }: FilterGroupProps) {
  if (options.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold text-foreground">{title}</legend>
      {options.map((option) => (
        <Checkbox
          key={option.value}
          label={option.label}
          checked={draft[list].includes(option.value)}
          onChange={() => onToggle(list, option.value)}
          data-testid={`events-filter-${list}-${option.value}`}
        />
      ))}
    </fieldset>
  );
}

function DrawerPanel({ filters, cameras, rooms, types, labels, onApply, onClose }: FilterDrawerProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(filters);

  const toggle = (key: ListKey, value: string) =>
    setDraft((current) => ({
      ...current,
      [key]: current[key].includes(value) ? current[key].filter((v) => v !== value) : [...current[key], value],
    }));

  const apply = () => {
    onApply(draft);
    onClose();
  };
  const footer = (
    <>
      <Button variant="secondary" onClick={() => setDraft(EMPTY_FILTERS)} data-testid="events-filter-reset">
        {t('events:filters.reset')}
      </Button>
      <Button onClick={apply} data-testid="events-filter-apply">
        {t('events:filters.apply')}
      </Button>
    </>
  );

  return (
    <Drawer open title={t('events:filters.title')} closeLabel={t('events:filters.close')} onClose={onClose} footer={footer} testId="events-filter-drawer">
      <div className="flex flex-1 flex-col gap-5 overflow-y-auto px-5 py-4">
        <FilterGroup list="cameras" title={t('events:filters.cameras')} options={cameras} draft={draft} onToggle={toggle} />
        <FilterGroup list="rooms" title={t('events:filters.rooms')} options={rooms} draft={draft} onToggle={toggle} />
        <FilterGroup list="types" title={t('events:filters.types')} options={types} draft={draft} onToggle={toggle} />
        <FilterGroup list="labels" title={t('events:filters.labels')} options={labels} draft={draft} onToggle={toggle} />
        <div className="grid grid-cols-2 gap-3">
          <TextField
            type="date"
            label={t('events:filters.from')}
            value={draft.from ?? ''}
            max={draft.to ?? undefined}
            onChange={(event) => setDraft({ ...draft, from: event.target.value || null })}
            data-testid="events-filter-from"
          />
          <TextField
            type="date"
            label={t('events:filters.to')}
            value={draft.to ?? ''}
            min={draft.from ?? undefined}
            onChange={(event) => setDraft({ ...draft, to: event.target.value || null })}
            data-testid="events-filter-to"
          />
        </div>
      </div>
    </Drawer>
  );
}
