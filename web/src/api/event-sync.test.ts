import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Notification, Recording } from '@homecam/shared';
import { flattenPages, type CursorPages } from './event-cache';
import { EMPTY_FILTERS } from '../lib/event-filters';
import { createEventListSync } from './event-sync';
import { queryKeys } from './query-keys';

const notification = (id: string, camera = 'Garden'): Notification => ({
  id,
  camera,
  room: 'Outside',
  type: 'motion',
  level: 'event',
  title: camera,
  message: 'Motion',
  label: null,
  trigger: 'api',
  recordingId: null,
  thumbnail: null,
  timestamp: new Date().toISOString(),
});

const recording = (id: string, status: Recording['status'] = 'complete'): Recording => ({
  id,
  camera: 'Garden',
  room: 'Outside',
  label: 'motion',
  trigger: 'api',
  type: 'Video',
  status,
  startedAt: new Date().toISOString(),
  durationMs: 5000,
  sizeBytes: 1000,
  file: `/files/recordings/Garden/2026-01-01/${id}.mp4`,
  thumbnail: null,
});

function pages<T>(...lists: T[][]): CursorPages<T> {
  return { pages: lists.map((result, i) => ({ result, nextCursor: i < lists.length - 1 ? `c${i}` : null })), pageParams: lists.map((_, i) => (i === 0 ? null : `c${i - 1}`)) };
}

function setup() {
  const client = new QueryClient();
  const all = queryKeys.notificationList(EMPTY_FILTERS);
  const hall = queryKeys.notificationList({ ...EMPTY_FILTERS, cameras: ['Hall'] });
  client.setQueryData(all, pages([notification('n2')], [notification('n1')]));
  client.setQueryData(hall, pages<Notification>([]));
  const recordings = queryKeys.recordingList(EMPTY_FILTERS);
  client.setQueryData(recordings, pages([recording('r1')]));
  const ids = (key: readonly unknown[]) => flattenPages(client.getQueryData<CursorPages<{ id: string }>>(key)).map((item) => item.id);
  return { client, sync: createEventListSync(client), all, hall, recordings, ids };
}

describe('socket events → cached lists', () => {
  it('puts a new notification first in the lists whose filters it passes, once', () => {
    const { sync, all, hall, ids } = setup();
    sync.notificationAdded(notification('n3'));
    sync.notificationAdded(notification('n3'));
    expect(ids(all)).toEqual(['n3', 'n2', 'n1']);
    expect(ids(hall)).toEqual([]);
  });

  it('shows the thumbnail of a live notification only once its recording reports the file written', () => {
    const { client, sync, all } = setup();
    const thumbnail = '/files/recordings/Garden/2026-01-01/r9.jpg';
    sync.notificationAdded({ ...notification('n9'), recordingId: 'r9', thumbnail });
    const first = () => flattenPages(client.getQueryData<CursorPages<Notification>>(all))[0];
    expect(first()?.thumbnail).toBeNull();
    sync.recordingAdded({ ...recording('r9'), thumbnail });
    expect(first()?.thumbnail).toBe(thumbnail);
  });

  it('keeps the newest five of a camera', () => {
    const { client, sync } = setup();
    const key = [...queryKeys.notifications, 'camera', 'Garden', 5];
    client.setQueryData(key, ['a', 'b', 'c', 'd', 'e'].map((id) => notification(id)));
    sync.notificationAdded(notification('f'));
    sync.notificationAdded(notification('x', 'Hall'));
    expect(client.getQueryData<Notification[]>(key)?.map((n) => n.id)).toEqual(['f', 'a', 'b', 'c', 'd']);
  });

  it('removes a notification from every page, and all of them on null', () => {
    const { sync, all, ids } = setup();
    sync.notificationRemoved('n1');
    expect(ids(all)).toEqual(['n2']);
    sync.notificationRemoved(null);
    expect(ids(all)).toEqual([]);
  });

  it('prepends a finished recording live and replaces one already listed', () => {
    const { client, sync, recordings, ids } = setup();
    sync.recordingAdded(recording('r2'));
    expect(ids(recordings)).toEqual(['r2', 'r1']);
    sync.recordingAdded({ ...recording('r2'), durationMs: 9000 });
    const data = client.getQueryData<CursorPages<Recording>>(recordings);
    expect(flattenPages(data).map((r) => r.durationMs)).toEqual([9000, 5000]);
    sync.recordingRemoved('r1');
    expect(ids(recordings)).toEqual(['r2']);
  });
});
