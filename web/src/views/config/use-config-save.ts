import type { ConfigConfirmation } from '@homecam/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-error';
import { getConfigStat, putConfigFile } from '../../api/config-api';
import { queryKeys } from '../../api/query-keys';
import { configJsonSchema } from '../../components/config-editor/config-json-schema';
import { placeIssues, serverIssuePath } from '../../components/config-editor/config-lint';
import type { ConfigEditorHandle } from '../../components/config-editor/ConfigCodeEditor';
import { configLoss, losesSomething, type ConfigLoss } from '../../components/config-editor/destructive-diff';
import { describeValidation } from '../../hooks/describe-error';
import { useHttp } from '../../hooks/use-http';
import { useToast } from '../../hooks/use-toast';
import { formatConfig } from './config-text';
import { CONFIG_STAT_KEY, type ConfigBaseline } from './use-config-document';

interface SaveRequest {
  document: Record<string, unknown>;
  text: string;
  confirm: ConfigConfirmation[];
  overwrite: boolean;
}

/** The issues of a refusal (VALIDATION_FAILED, CONFIG_TOO_DEEP): `{ path, message, segments? }` items. */
function refusalIssues(error: ApiError): { path: string; message: string; segments?: unknown }[] {
  if (!Array.isArray(error.details)) return [];
  return error.details.filter(
    (item): item is { path: string; message: string } =>
      typeof item === 'object' && item !== null && typeof (item as { path?: unknown }).path === 'string' && typeof (item as { message?: unknown }).message === 'string',
  );
}

/**
 * Save = PUT of the whole document: asks first when it would lose cameras, sections or unknown keys; places a
 * refusal's issues at their lines; offers reload or overwrite when the file changed elsewhere; on success
 * refreshes what depends on the config (cameras, rooms, settings) so the app shows the change live.
 */
export function useConfigSave(baseline: ConfigBaseline | null, editor: ConfigEditorHandle | null, onSaved: (next: ConfigBaseline) => void) {
  const { t } = useTranslation();
  const toast = useToast();
  const http = useHttp();
  const queryClient = useQueryClient();
  const [pendingLoss, setPendingLoss] = useState<{ loss: ConfigLoss; request: SaveRequest } | null>(null);
  const [conflict, setConflict] = useState<SaveRequest | null>(null);

  const mutation = useMutation({
    mutationFn: async (request: SaveRequest) => {
      const saved = await putConfigFile(http, request.document, { confirm: request.confirm, ifModifiedAt: request.overwrite ? undefined : baseline?.modifiedAt });
      return { saved, stat: await getConfigStat(http), request };
    },
    onSuccess: ({ saved, stat, request }) => {
      // The server adds the defaults of what was left out: show what is stored when it differs from the text.
      const text = JSON.stringify(saved) === JSON.stringify(request.document) ? request.text : formatConfig(saved);
      if (text !== request.text) editor?.setText(text);
      onSaved({ document: saved, text, modifiedAt: stat.modifiedAt });
      queryClient.setQueryData(CONFIG_STAT_KEY, stat);
      for (const queryKey of [queryKeys.cameras, queryKeys.rooms, ['settings']]) void queryClient.invalidateQueries({ queryKey });
      editor?.showServerIssues([]);
      toast.success(t('editor:saved'));
    },
    onError: (error, request) => {
      if (error instanceof ApiError && error.code === 'CONFIG_CHANGED') return setConflict(request);
      if (error instanceof ApiError && error.code === 'CONFIG_DESTRUCTIVE') {
        const loss = serverLoss(error);
        return setPendingLoss({ loss, request: { ...request, confirm: [...new Set([...request.confirm, ...loss.confirm])] } });
      }
      const issues = error instanceof ApiError ? refusalIssues(error) : [];
      if (issues.length > 0 && editor) {
        const paths = issues.map((issue) => ({ path: serverIssuePath(issue), message: issue.message }));
        editor.showServerIssues(placeIssues(request.text, paths, 'server', (message) => describeValidation(t, message)));
        toast.error(t('editor:refused'));
      } else toast.apiError(error);
    },
  });

  /** Saves the edited text, asking first when the save would lose something. */
  function save(text: string, document: Record<string, unknown>, overwrite = false) {
    if (!baseline) return;
    const loss = configLoss(baseline.document, document, configJsonSchema());
    const request = { document, text, confirm: loss.confirm, overwrite };
    if (losesSomething(loss)) setPendingLoss({ loss, request });
    else mutation.mutate(request);
  }

  return {
    save,
    saving: mutation.isPending,
    pendingLoss: pendingLoss?.loss ?? null,
    confirmLoss: () => {
      if (pendingLoss) mutation.mutate(pendingLoss.request);
      setPendingLoss(null);
    },
    cancelLoss: () => setPendingLoss(null),
    conflict: conflict !== null,
    overwrite: () => {
      if (conflict) mutation.mutate({ ...conflict, overwrite: true });
      setConflict(null);
    },
    closeConflict: () => setConflict(null),
  };
}

/** A 409 CONFIG_DESTRUCTIVE the editor did not foresee (the file changed): what the server says is lost. */
function serverLoss(error: ApiError): ConfigLoss {
  const details = (error.details ?? {}) as { confirm?: ConfigConfirmation[]; keys?: string[] };
  const keys = details.keys ?? [];
  return { cameras: keys.includes('cameras'), sections: keys.filter((key) => key !== 'cameras'), unknownKeys: [], confirm: details.confirm ?? [] };
}
