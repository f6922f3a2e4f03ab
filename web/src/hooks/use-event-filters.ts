import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_OBJECT_LABELS } from '@homecam/shared';
import { filtersFromSearch, filtersToSearch, type EventFilters } from '../lib/event-filters';
import { objectLabelName } from '../lib/object-labels';
import { useCameraList } from './use-cameras';
import { useHasAnyPermission } from './use-permissions';
import { useRoomList } from './use-rooms';

/** The list filters live in the page's URL (`?cameras=…&from=…`), so a filtered view can be reloaded and linked. */
export function useEventFilters(): [EventFilters, (next: EventFilters) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the string is the identity of the params
  const filters = useMemo(() => filtersFromSearch(params), [key]);
  const setFilters = (next: EventFilters) => setParams(new URLSearchParams(filtersToSearch(next)), { replace: true });
  return [filters, setFilters];
}

/** Camera and room names to filter by: those the user may list, plus any seen in the loaded items. */
export function useFilterChoices(seen: readonly { camera: string | null; room: string | null }[]) {
  const mayListCameras = useHasAnyPermission(['cameras:access']);
  const cameras = useCameraList(mayListCameras);
  const rooms = useRoomList();
  const cameraNames = new Set<string>((cameras.data ?? []).map((camera) => camera.name));
  const roomNames = new Set<string>((rooms.data ?? []).map((room) => room.name));
  for (const item of seen) {
    if (item.camera) cameraNames.add(item.camera);
    if (item.room) roomNames.add(item.room);
  }
  const sorted = (names: Set<string>) => [...names].sort((a, b) => a.localeCompare(b)).map((name) => ({ value: name, label: name }));
  return { cameras: sorted(cameraNames), rooms: sorted(roomNames) };
}

/**
 * Labels to filter by: the event kinds, the objects a home's detector looks for (person, car, …), and every label
 * seen in the loaded items or already selected; the detectors' shared vocabulary translated, other names as stored.
 */
export function useLabelChoices(seen: readonly { labels?: string[] | undefined }[], selected: readonly string[]) {
  const { t } = useTranslation();
  const names = new Set<string>([...DEFAULT_OBJECT_LABELS, ...selected]);
  for (const item of seen) for (const label of item.labels ?? []) names.add(label);
  names.delete('motion');
  names.delete('doorbell');
  const found = [...names].map((name) => ({ value: name, label: objectLabelName(t, name) })).sort((a, b) => a.label.localeCompare(b.label));
  return [{ value: 'motion', label: t('events:labels.motion') }, { value: 'doorbell', label: t('events:labels.doorbell') }, ...found];
}
