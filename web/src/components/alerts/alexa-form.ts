import { haServiceSchema, webhookUrlSchema, type AlexaMode, type AlexaSettingsPatch, type AlexaSettingsResponse } from '@homecam/shared';
import type { SecretChoice } from '../ui/SecretField';

export interface AlexaDraft {
  active: boolean;
  mode: AlexaMode;
  url: string;
  token: SecretChoice;
  service: string;
  target: string;
  message: string;
  startTime: string;
  endTime: string;
}

export function alexaDraftOf(settings: AlexaSettingsResponse): AlexaDraft {
  const { tokenSet: _tokenSet, ...rest } = settings;
  return { ...rest, token: { mode: 'keep' } };
}

export interface AlexaIssues {
  url: boolean;
  service: boolean;
  token: boolean;
}

export function alexaIssues(draft: AlexaDraft): AlexaIssues {
  return {
    url: draft.url.trim() !== '' && !webhookUrlSchema.safeParse(draft.url).success,
    service: draft.mode === 'home-assistant' && draft.service.trim() !== '' && !haServiceSchema.safeParse(draft.service).success,
    token: draft.token.mode === 'replace' && draft.token.value.trim() === '',
  };
}

/**
 * Only what changed: an editor who is not an admin never sends the admin-only fields (mode, url, token) unless
 * they were changed, which the server then refuses with ALERT_SETTING_ADMIN_ONLY.
 */
export function alexaPatchOf(settings: AlexaSettingsResponse, draft: AlexaDraft): AlexaSettingsPatch {
  const patch: AlexaSettingsPatch = {};
  if (draft.active !== settings.active) patch.active = draft.active;
  if (draft.mode !== settings.mode) patch.mode = draft.mode;
  const url = draft.url.trim();
  if (url !== settings.url) patch.url = url === '' ? null : url;
  if (draft.token.mode === 'replace') patch.token = draft.token.value.trim();
  if (draft.token.mode === 'clear') patch.token = null;
  for (const key of ['service', 'target', 'message', 'startTime', 'endTime'] as const) {
    const value = key === 'message' ? draft[key] : draft[key].trim();
    if (value !== settings[key]) patch[key] = value;
  }
  return patch;
}
