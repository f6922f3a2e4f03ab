import {
  automaticBackupListSchema,
  BACKUP_LOCAL_STORAGE_KEYS,
  restoreResponseSchema,
  type AutomaticBackup,
  type BackupLocalStorage,
  type RestoreResponse,
} from '@homecam/shared';
import { ApiError, apiErrorFromResponse } from '../lib/api-error';
import type { DownloadedFile, HttpClient } from './http-client';

/** GET /api/backup/automatic (backup:download): the daily database copies, newest first. */
export function listAutomaticBackups(http: HttpClient): Promise<AutomaticBackup[]> {
  return http.request('/backup/automatic', { schema: automaticBackupListSchema });
}

/** This browser's layout and theme keys, carried in the backup and given back by a restore. */
export function readLocalStorage(storage: Storage = localStorage): BackupLocalStorage {
  const out: BackupLocalStorage = {};
  for (const key of BACKUP_LOCAL_STORAGE_KEYS) {
    const value = storage.getItem(key);
    if (value !== null && value.length <= 16_000) out[key] = value;
  }
  return out;
}

export function applyLocalStorage(values: BackupLocalStorage, storage: Storage = localStorage): void {
  for (const key of BACKUP_LOCAL_STORAGE_KEYS) {
    const value = values[key];
    if (value !== undefined) storage.setItem(key, value);
  }
}

export function backupDownloadPath(recordings: boolean, storage: BackupLocalStorage): string {
  const query = new URLSearchParams({ recordings: String(recordings), localStorage: JSON.stringify(storage) });
  return `/backup/download?${query.toString()}`;
}

/**
 * GET /api/backup/download (backup:download): the archive is made while it streams, so there is no total; the
 * bytes received so far are the progress. The server names the file with the date.
 */
export function downloadBackup(http: HttpClient, recordings: boolean, storage: BackupLocalStorage, onProgress: (bytes: number) => void): Promise<DownloadedFile> {
  return http.download(backupDownloadPath(recordings, storage), { fallbackName: 'homecam-backup.tar.gz', onProgress });
}

/** GET /api/backup/automatic/:name (backup:download): one of the daily database copies. */
export function downloadAutomaticBackup(http: HttpClient, name: string): Promise<DownloadedFile> {
  return http.download(`/backup/automatic/${encodeURIComponent(name)}`, { fallbackName: name });
}

/** POST /api/backup/restore with upload progress (XMLHttpRequest: fetch reports none). */
export function uploadRestore(http: HttpClient, file: File, onProgress: (sent: number, total: number) => void): Promise<RestoreResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/backup/restore');
    const token = http.token();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', 'network error'));
    xhr.onload = () => {
      const response = new Response(xhr.responseText, { status: xhr.status, headers: { 'content-type': 'application/json' } });
      if (xhr.status !== 202) {
        void apiErrorFromResponse(response).then(reject);
        return;
      }
      const parsed = restoreResponseSchema.safeParse(JSON.parse(xhr.responseText) as unknown);
      if (parsed.success) resolve(parsed.data);
      else reject(new ApiError(xhr.status, 'UNKNOWN', 'unexpected answer from /backup/restore'));
    };
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

/**
 * Resolves once the restarted server runs on the restored data: the old session is then unknown (401; sessions are
 * never restored). Until then the server either still answers as before or does not answer at all.
 */
export async function waitForRestoredServer(http: HttpClient, signal: AbortSignal, intervalMs = 1000, limitMs = 180_000): Promise<void> {
  const until = Date.now() + limitMs;
  while (Date.now() < until && !signal.aborted) {
    try {
      await http.request('/backup/automatic', { handlesUnauthorized: true, signal });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new ApiError(0, 'NETWORK_ERROR', 'the server did not come back');
}
