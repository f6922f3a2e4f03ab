import { LOG_DOWNLOAD_NAME, logResponseSchema, type LogEntry } from '@homecam/shared';
import type { DownloadedFile, HttpClient } from './http-client';

/** The newest `limit` entries of the server's log ring, oldest first (admin). */
export async function fetchLog(http: HttpClient, limit: number, signal?: AbortSignal): Promise<LogEntry[]> {
  const body = await http.request(`/system/log?limit=${limit}`, { schema: logResponseSchema, signal });
  return body.entries;
}

/** GET /api/system/log/download (admin): the server's log files as one text file. */
export function downloadLog(http: HttpClient): Promise<DownloadedFile> {
  return http.download('/system/log/download', { fallbackName: LOG_DOWNLOAD_NAME });
}
