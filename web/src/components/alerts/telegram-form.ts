import {
  ALERT_MESSAGE_MAX,
  TELEGRAM_TOKEN_PATTERN,
  validTelegramChatIds,
  type TelegramSettingsPatch,
  type TelegramSettingsResponse,
} from '@homecam/shared';
import type { SecretChoice } from '../ui/SecretField';

export interface TelegramDraft {
  active: boolean;
  token: SecretChoice;
  chatID: string;
  message: string;
}

export function draftOf(settings: TelegramSettingsResponse): TelegramDraft {
  return { active: settings.active, token: { mode: 'keep' }, chatID: settings.chatID, message: settings.message };
}

/** The same rules the server applies (shared patterns), so a refusal shows at the field before saving. */
export function draftIssues(draft: TelegramDraft): { token: boolean; chatID: boolean; message: boolean } {
  return {
    token: draft.token.mode === 'replace' && !TELEGRAM_TOKEN_PATTERN.test(draft.token.value.trim()),
    chatID: !validTelegramChatIds(draft.chatID),
    message: draft.message.length > ALERT_MESSAGE_MAX,
  };
}

/** Only what changed; an emptied field is sent as null (cleared). */
export function patchOf(settings: TelegramSettingsResponse, draft: TelegramDraft): TelegramSettingsPatch {
  const patch: TelegramSettingsPatch = {};
  if (draft.active !== settings.active) patch.active = draft.active;
  if (draft.token.mode === 'replace') patch.token = draft.token.value.trim();
  if (draft.token.mode === 'clear') patch.token = null;
  if (draft.chatID.trim() !== settings.chatID) patch.chatID = draft.chatID.trim() === '' ? null : draft.chatID;
  if (draft.message !== settings.message) patch.message = draft.message === '' ? null : draft.message;
  return patch;
}
