import { useQueryClient } from '@tanstack/react-query';
import type { ExportJob, ExportRequest } from '@homecam/shared';
import { createExport, deleteExport, listExports, renameExport } from '../api/exports-api';
import { queryKeys } from '../api/query-keys';
import { upsertExport } from '../lib/export-list';
import { useApiMutation, useApiQuery } from './use-api';

/**
 * The user's exports (an admin: everyone's). The socket's `exportProgress` keeps the cached list current
 * (api/export-sync); while one is still running the list is also asked again now and then, in case the socket
 * was away when it finished.
 */
export function useExports() {
  return useApiQuery(queryKeys.exports, listExports, {
    refetchInterval: (query) => (query.state.data?.some((job) => job.status === 'queued' || job.status === 'running') ? 10_000 : false),
  });
}

function useMergeExports() {
  const queryClient = useQueryClient();
  return (jobs: readonly ExportJob[]) =>
    queryClient.setQueryData<ExportJob[]>(queryKeys.exports, (list) => jobs.reduce((all, job) => upsertExport(all, job), list ?? []));
}

export function useCreateExport() {
  const merge = useMergeExports();
  return useApiMutation((http, request: ExportRequest) => createExport(http, request), { onSuccess: merge });
}

export function useRenameExport() {
  const merge = useMergeExports();
  return useApiMutation((http, { id, name }: { id: string; name: string }) => renameExport(http, id, name), { onSuccess: (job) => merge([job]) });
}

export function useDeleteExport() {
  const queryClient = useQueryClient();
  return useApiMutation((http, id: string) => deleteExport(http, id), {
    onSuccess: (_, id) => queryClient.setQueryData<ExportJob[]>(queryKeys.exports, (list) => list?.filter((job) => job.id !== id)),
  });
}
