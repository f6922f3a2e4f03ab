import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExportJob, ExportRequest } from '@homecam/shared';
import { createExport, deleteExport, listExports, renameExport } from '../api/exports-api';
import { queryKeys } from '../api/query-keys';
import { upsertExport } from '../lib/export-list';

/**
 * The user's exports (an admin: everyone's). The socket's `exportProgress` keeps the cached list current
 * (api/export-sync); while one is still running the list is also asked again now and then, in case the socket
 * was away when it finished.
 */
export function useExports() {
  return useQuery({
    queryKey: queryKeys.exports,
    queryFn: ({ signal }) => listExports(signal),
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
  return useMutation({ mutationFn: (request: ExportRequest) => createExport(request), onSuccess: merge });
}

export function useRenameExport() {
  const merge = useMergeExports();
  return useMutation({ mutationFn: ({ id, name }: { id: string; name: string }) => renameExport(id, name), onSuccess: (job) => merge([job]) });
}

export function useDeleteExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteExport(id),
    onSuccess: (_, id) => queryClient.setQueryData<ExportJob[]>(queryKeys.exports, (list) => list?.filter((job) => job.id !== id)),
  });
}
