import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HttpClient } from '../api/http-client';
import { describeError } from './describe-error';
import { useHttp } from './use-http';
import { useToast } from './use-toast';

/** The answer to the last save or to one of the form's own actions, shown inside the form (translated). */
export type Feedback = { kind: 'success' | 'error'; text: string } | null;

export interface SettingsFormSpec<Settings, Patch> {
  queryKey: QueryKey;
  load: (http: HttpClient) => Promise<Settings>;
  /** Answers the settings as saved; they replace the cached ones. */
  save: (http: HttpClient, patch: Patch) => Promise<Settings>;
  /** Other queries that follow these settings (a channel's status card, the plugins list). */
  refresh?: readonly QueryKey[];
  /** The i18n key of the "saved" message. */
  savedKey: string;
  /**
   * Where the answer shows: `inline` in the form, next to the actions it sits beside (a channel card whose secret
   * can also be rotated or copied), or as a `toast`.
   */
  feedback: 'inline' | 'toast';
}

/**
 * One settings form's I/O: the query, the save (its answer replaces the cached settings, so a form keyed on
 * `version` remounts with the saved values) and what the user is told. The feedback lives here, above the keyed
 * form, so a message outlives that remount.
 */
export function useSettingsForm<Settings, Patch>(spec: SettingsFormSpec<Settings, Patch>) {
  const { t } = useTranslation();
  const http = useHttp();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [feedback, setFeedback] = useState<Feedback>(null);
  const query = useQuery({ queryKey: spec.queryKey, queryFn: () => spec.load(http) });
  const mutation = useMutation({
    mutationFn: (patch: Patch) => spec.save(http, patch),
    onSuccess: (saved) => {
      queryClient.setQueryData(spec.queryKey, saved);
      for (const queryKey of spec.refresh ?? []) void queryClient.invalidateQueries({ queryKey });
    },
  });
  const inline = spec.feedback === 'inline';

  function save(patch: Patch) {
    mutation.mutate(patch, {
      onSuccess: () => (inline ? setFeedback({ kind: 'success', text: t(spec.savedKey) }) : toast.success(t(spec.savedKey))),
      onError: (error) => (inline ? setFeedback({ kind: 'error', text: describeError(t, error) }) : toast.apiError(error)),
    });
  }

  return { query, settings: query.data, version: query.dataUpdatedAt, save, saving: mutation.isPending, feedback, setFeedback };
}

/** What a settings form gets from useSettingsForm. */
export type SettingsFormState<Settings, Patch> = ReturnType<typeof useSettingsForm<Settings, Patch>>;

/** The props of the form a settings card renders once the settings are there (keyed on `form.version`). */
export interface SettingsFormProps<Settings, Patch> {
  settings: Settings;
  form: SettingsFormState<Settings, Patch>;
  /** Whether this user may change them: without it the fields are disabled and there is no save button. */
  canEdit: boolean;
}
