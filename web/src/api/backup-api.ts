import {
  automaticBackupListSchema,
  BACKUP_LOCAL_STORAGE_KEYS,
  restoreResponseSchema,
  type AutomaticBackup,
  type BackupLocalStorage,
  type RestoreResponse,
} from '@homecam/shared';
import { ApiError, apiErrorFromResponse } from './api-error';
import { apiRequest, currentToken } from './http-client';

/** GET /api/backup/automatic (backup:download): the daily database copies, newest first. */
export function listAutomaticBackups(): Promise<AutomaticBackup[]> {
  return apiRequest('/backup/automatic', { schema: automaticBackupListSchema });
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

function authHeaders(): Headers {
  const headers = new Headers({ Accept: 'application/gzip, application/json' });
  const token = currentToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

function fileNameOf(response: Response, fallback: string): string {
  return /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
}

/**
 * Fetches a file and reads it chunk by chunk, reporting the bytes received (the archive is made while it streams,
 * so there is no total). Resolves with the whole file for the browser to save.
 */
export async function fetchFile(path: string, onProgress: (bytes: number) => void, signal?: AbortSignal): Promise<{ blob: Blob; fileName: string }> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { headers: authHeaders(), credentials: 'same-origin', signal });
  } catch (error) {
    throw new ApiError(0, 'NETWORK_ERROR', error instanceof Error ? error.message : 'network error');
  }
  if (!response.ok) throw await apiErrorFromResponse(response);
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress(received);
    }
  }
  return { blob: new Blob(chunks as BlobPart[]), fileName: fileNameOf(response, 'homecam-backup.tar.gz') };
}

export function backupDownloadPath(recordings: boolean, storage: BackupLocalStorage): string {
  const query = new URLSearchParams({ recordings: String(recordings), localStorage: JSON.stringify(storage) });
  return `/backup/download?${query.toString()}`;
}

/** Saves a blob through a temporary link (the browser's download). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** POST /api/backup/restore with upload progress (XMLHttpRequest: fetch reports none). */
export function uploadRestore(file: File, onProgress: (sent: number, total: number) => void): Promise<RestoreResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/backup/restore');
    const token = currentToken();
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
export async function waitForRestoredServer(signal: AbortSignal, intervalMs = 1000, limitMs = 180_000): Promise<void> {
  const until = Date.now() + limitMs;
  while (Date.now() < until && !signal.aborted) {
    try {
      await apiRequest('/backup/automatic', { handlesUnauthorized: true, signal });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new ApiError(0, 'NETWORK_ERROR', 'the server did not come back');
}
