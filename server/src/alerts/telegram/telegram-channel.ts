import { openAsBlob } from 'node:fs';
import { parseTelegramChatIds, TELEGRAM_UPLOAD_MAX_BYTES, type ConfigFile, type TelegramType } from '@homecam/shared';
import type { Clock } from '../../lib/clock.js';
import type { Alert, AlertChannel } from '../channel.js';
import { DEFAULT_TELEGRAM_API_ROOT, TelegramApi, TelegramRefusedError } from './telegram-api.js';
import { alertText, caption, clipTooLargeNote } from './telegram-message.js';

export interface TelegramLogger {
  debug(context: object, message: string): void;
  info(context: object, message: string): void;
  warn(context: object, message: string): void;
}

export interface TelegramChannelOptions {
  config: () => ConfigFile;
  /** The Bot API root: an app option (tests point it at a local fake), never something a user types. */
  apiRoot?: string;
  fetch?: typeof fetch;
  log: TelegramLogger;
  clock: Clock;
  /** HomeCam's public address, for the "watch it in HomeCam" link when a clip is too large to upload. */
  publicUrl?: () => string | undefined;
  /** Telegram's upload limit; tests lower it instead of writing 50 MB files. */
  uploadMaxBytes?: number;
}

/** One Bot API call of an alert, sent to every chat. */
type Step = { method: 'sendMessage'; text: string } | { method: 'sendPhoto'; photo: Blob; caption?: string } | { method: 'sendVideo'; video: Blob; caption?: string };

interface Settings {
  active: boolean;
  token: string;
  chats: string[];
  message: string | undefined;
}

export const TEST_MESSAGE = 'HomeCam test';

/** The Bot API calls of one alert for a camera of `type`: text, then the picture or clip that carries the rest. */
async function planSteps(alert: Alert, type: TelegramType, text: string, limits: { uploadMax: number; publicUrl: string | undefined }): Promise<Step[]> {
  const withText: Step[] = type === 'Text' || type === 'Text + Snapshot' || type === 'Text + Video' ? [{ method: 'sendMessage', text }] : [];
  if (type === 'Text') return withText;
  // The picture carries the text only when no message did.
  const own = withText.length === 0 ? text : undefined;
  let note: string | undefined;
  if (type === 'Video' || type === 'Text + Video') {
    const clip = await alert.clip();
    if (clip && clip.bytes <= limits.uploadMax) {
      return [...withText, { method: 'sendVideo', video: await openAsBlob(clip.path, { type: clip.mimeType }), caption: own && caption(own) }];
    }
    if (clip) note = clipTooLargeNote(clip.bytes, limits.publicUrl);
  }
  const words = [own, note].filter((part) => part !== undefined).join('\n');
  const jpeg = await alert.snapshot();
  if (jpeg) return [...withText, { method: 'sendPhoto', photo: new Blob([jpeg], { type: 'image/jpeg' }), caption: words ? caption(words) : undefined }];
  // No picture: the words still go out as a message.
  return words ? [...withText, { method: 'sendMessage', text: words }] : withText;
}

async function sendStep(api: TelegramApi, chat: string, step: Step, signal: AbortSignal): Promise<void> {
  if (step.method === 'sendMessage') {
    await api.call('sendMessage', { chat_id: chat, text: step.text }, signal);
    return;
  }
  const form = new FormData();
  form.set('chat_id', chat);
  if (step.caption) form.set('caption', step.caption);
  if (step.method === 'sendPhoto') form.set('photo', step.photo, 'snapshot.jpg');
  else {
    form.set('video', step.video, 'clip.mp4');
    form.set('supports_streaming', 'true');
  }
  await api.call(step.method, form, signal);
}

/**
 * The Telegram channel (issue 9): text, the event snapshot or the finished clip to one or more chats, through the
 * Bot API with plain fetch. Retries of the pipeline skip the (chat, step) pairs that already went out, so a 429 on
 * the second chat does not send the first chat the same photo twice.
 */
export function createTelegramChannel(options: TelegramChannelOptions): AlertChannel {
  const fetchFn = options.fetch ?? fetch;
  const apiRoot = options.apiRoot ?? DEFAULT_TELEGRAM_API_ROOT;
  const uploadMax = options.uploadMaxBytes ?? TELEGRAM_UPLOAD_MAX_BYTES;
  const done = new WeakMap<Alert, Set<string>>();

  const settings = (): Settings => {
    const block = options.config().notifications.telegram;
    return { active: block?.active ?? false, token: block?.token ?? '', chats: parseTelegramChatIds(block?.chatID), message: block?.message };
  };
  const apiFor = (token: string): TelegramApi => new TelegramApi(token, apiRoot, fetchFn);

  return {
    id: 'telegram',
    enabled() {
      const s = settings();
      return s.active && s.token !== '' && s.chats.length > 0;
    },
    offReason: () => (settings().active ? 'NOT_SET_UP' : 'SWITCHED_OFF'),
    accepts(alert) {
      const camera = alert.camera;
      if (!camera || alert.notification.level !== 'event') return false;
      if (camera.alertChannels && !camera.alertChannels.includes('telegram')) return false;
      return camera.telegramType !== 'Disabled';
    },
    async deliver(alert, signal) {
      const s = settings();
      const camera = alert.camera;
      if (!camera) return;
      const api = apiFor(s.token);
      const started = options.clock.now();
      const text = alertText(s.message, alert.notification, camera.name);
      const plan = await planSteps(alert, camera.telegramType, text, { uploadMax, publicUrl: options.publicUrl?.() });
      const sent = done.get(alert) ?? new Set<string>();
      done.set(alert, sent);
      for (const chat of s.chats) {
        for (const [index, step] of plan.entries()) {
          const key = `${chat}#${index}`;
          if (sent.has(key)) continue;
          await sendStep(api, chat, step, signal);
          sent.add(key);
        }
      }
      const methods = plan.map((step) => step.method);
      options.log.info({ channel: 'telegram', camera: camera.name, chats: s.chats.length, methods, ms: options.clock.now() - started }, 'telegram alert sent');
    },
    async test(signal) {
      const s = settings();
      if (!s.token || s.chats.length === 0) throw new TelegramRefusedError('Telegram is not configured: set the bot token and at least one chat id', 400);
      const api = apiFor(s.token);
      const me = (await api.call('getMe', undefined, signal)) as { username?: string } | undefined;
      for (const chat of s.chats) await api.call('sendMessage', { chat_id: chat, text: TEST_MESSAGE }, signal);
      const name = me?.username ? `@${me.username}` : 'the bot';
      options.log.info({ channel: 'telegram', chats: s.chats.length }, 'telegram test sent');
      return { detail: `sent to ${s.chats.length} chat(s) as ${name}` };
    },
  };
}
