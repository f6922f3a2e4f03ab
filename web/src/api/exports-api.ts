import { exportListSchema, exportSchema, type ExportJob, type ExportRequest } from '@homecam/shared';
import type { HttpClient } from './http-client';

const path = (id: string) => `/exports/${encodeURIComponent(id)}`;

/** POST /api/exports: one MP4 per camera over the same range, made in the background (`exportProgress` reports). */
export async function createExport(http: HttpClient, request: ExportRequest): Promise<ExportJob[]> {
  return (await http.request('/exports', { method: 'POST', json: request, schema: exportListSchema })).result;
}

/** GET /api/exports: the caller's exports, newest first (an admin: everyone's). */
export async function listExports(http: HttpClient, signal?: AbortSignal): Promise<ExportJob[]> {
  return (await http.request('/exports', { schema: exportListSchema, signal })).result;
}

export function renameExport(http: HttpClient, id: string, name: string): Promise<ExportJob> {
  return http.request(path(id), { method: 'PATCH', json: { name }, schema: exportSchema });
}

export function deleteExport(http: HttpClient, id: string): Promise<void> {
  return http.request(path(id), { method: 'DELETE' });
}
