import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { getConfigFile, getConfigStat } from '../../api/config-api';
import type { HttpClient } from '../../api/http-client';
import { useHttp } from '../../hooks/use-http';
import { formatConfig } from './config-text';

/** The document the editor started from (or last saved): what Revert returns to and a save is compared with. */
export interface ConfigBaseline {
  document: Record<string, unknown>;
  text: string;
  /** The stat time read before the document: a save is refused if the file changed after it. */
  modifiedAt: string;
}

const FILE_KEY = ['config', 'editor-file'] as const;
export const CONFIG_STAT_KEY = ['config', 'stat'] as const;
/** The file can change by hand on the server: the stat is polled so the page notices. */
const STAT_POLL_MS = 10_000;

async function loadBaseline(http: HttpClient): Promise<ConfigBaseline> {
  // Stat first: a change between the two reads then makes the save refuse (safe), never overwrite.
  const { modifiedAt } = await getConfigStat(http);
  const document = await getConfigFile(http);
  return { document, text: formatConfig(document), modifiedAt };
}

/** Loads config.json once per visit (no background refetch under the user's edits), and polls its stat. */
export function useConfigDocument() {
  const http = useHttp();
  const queryClient = useQueryClient();
  const file = useQuery({ queryKey: FILE_KEY, queryFn: () => loadBaseline(http), staleTime: Infinity, gcTime: 0, refetchOnWindowFocus: false });
  const stat = useQuery({ queryKey: CONFIG_STAT_KEY, queryFn: () => getConfigStat(http), refetchInterval: STAT_POLL_MS });
  /** Set after a save; replaces the loaded file as the baseline. */
  const [saved, setSaved] = useState<ConfigBaseline | null>(null);
  /** Bumped to build a fresh editor on a new document (reload). */
  const [generation, setGeneration] = useState(0);
  const baseline = saved ?? file.data ?? null;

  const reload = useCallback(async () => {
    setSaved(null);
    await queryClient.fetchQuery({ queryKey: FILE_KEY, queryFn: () => loadBaseline(http), staleTime: 0 });
    void queryClient.invalidateQueries({ queryKey: CONFIG_STAT_KEY });
    setGeneration((value) => value + 1);
  }, [http, queryClient]);

  const changedElsewhere =
    baseline !== null && stat.data !== undefined && Date.parse(stat.data.modifiedAt) !== Date.parse(baseline.modifiedAt);
  return { file, stat, baseline, setSaved, reload, generation, changedElsewhere };
}
