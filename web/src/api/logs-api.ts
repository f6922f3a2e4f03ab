import { LOG_DOWNLOAD_NAME, logResponseSchema, type LogEntry } from '@homecam/shared';
import { apiErrorFromResponse } from './api-error';
import { apiRequest } from './http-client';

/** The newest `limit` entries of the server's log ring, oldest first (admin). */
export async function fetchLog(limit: number, signal?: AbortSignal): Promise<LogEntry[]> {
  const body = await apiRequest(`/system/log?limit=${limit}`, { schema: logResponseSchema, signal });
  return body.entries;
}

/**
 * Saves the server's log files as homecam.log: fetched with the bearer token (a plain link would carry no
 * Authorization header), then handed to the browser as a blob.
 */
export async function downloadLog(token: string): Promise<void> {
  const response = await fetch('/api/system/log/download', { headers: { Authorization: `Bearer ${token}` }, credentials: 'same-origin' });
  if (!response.ok) throw await apiErrorFromResponse(response);
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = LOG_DOWNLOAD_NAME;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has started the save; the URL is not needed after this turn.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
