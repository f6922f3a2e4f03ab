import { exportListSchema, exportSchema, type ExportJob, type ExportRequest } from '@homecam/shared';
import { apiRequest } from './http-client';

const path = (id: string) => `/exports/${encodeURIComponent(id)}`;

/** POST /api/exports: one MP4 per camera over the same range, made in the background (`exportProgress` reports). */
export async function createExport(request: ExportRequest): Promise<ExportJob[]> {
  return (await apiRequest('/exports', { method: 'POST', json: request, schema: exportListSchema })).result;
}

/** GET /api/exports: the caller's exports, newest first (an admin: everyone's). */
export async function listExports(signal?: AbortSignal): Promise<ExportJob[]> {
  return (await apiRequest('/exports', { schema: exportListSchema, signal })).result;
}

export function renameExport(id: string, name: string): Promise<ExportJob> {
  return apiRequest(path(id), { method: 'PATCH', json: { name }, schema: exportSchema });
}

export function deleteExport(id: string): Promise<void> {
  return apiRequest(path(id), { method: 'DELETE' });
}

/** The MP4 of a finished export for a download link: the session cookie authorises it, no token in the URL. */
export function exportDownloadUrl(id: string): string {
  return `/api${path(id)}/download`;
}
