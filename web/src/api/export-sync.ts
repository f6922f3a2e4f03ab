import type { QueryClient } from '@tanstack/react-query';
import type { ExportJob } from '@homecam/shared';
import { upsertExport } from '../lib/export-list';
import { queryKeys } from './query-keys';

/** Keeps the cached export list in step with the socket's `exportProgress` (queued, progress, done, failed). */
export function createExportSync(queryClient: QueryClient) {
  return {
    exportProgressed(job: ExportJob) {
      queryClient.setQueryData<ExportJob[]>(queryKeys.exports, (list) => (list ? upsertExport(list, job) : list));
    },
  };
}
