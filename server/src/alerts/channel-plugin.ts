import type { ZodType } from 'zod';
import { AppError } from '../errors/app-error.js';
import type { Clock } from '../lib/clock.js';
import type { ConfigService } from '../services/config.service.js';
import type { AlertChannel } from './channel.js';
import type { AlertLog } from './log.js';
import type { MqttHaPublisher } from './mqtt/ha-publisher.js';

/** Who reads or writes a channel's settings: some fields are an admin's only (the server calls out with them). */
export interface SettingsCaller {
  byAdmin: boolean;
}

/**
 * A channel's settings card (Settings → Notifications): one block of config.json `notifications.<id>`, served at
 * `GET/PATCH /api/settings/notifications/<id>` by the one generic route (channel-settings-routes.ts),
 * documented per channel from these schemas. Answers never hold a secret a caller may not see.
 */
export interface ChannelSettings<Response = unknown, Patch = unknown> {
  responseSchema: ZodType<Response>;
  patchSchema: ZodType<Patch>;
  /** The OpenAPI descriptions of the GET and the PATCH. */
  describe: { get: string; patch: string };
  get(caller: SettingsCaller): Response | Promise<Response>;
  /** Absent keeps; the file is validated before it is written (nothing half-written). */
  patch(body: Patch, caller: SettingsCaller): Promise<Response>;
  /** Admin-only actions beside the settings (`POST /api/settings/notifications/<id>/<action>`), e.g. a secret's rotation. */
  actions?: Record<string, { describe: string; run(): Promise<Response> }>;
}

/** A small file only the server's user reads, written atomically (repositories/private-file.repository.ts). */
export interface PrivateFile {
  /** undefined: not written yet. */
  read(): Promise<string | undefined>;
  write(text: string): Promise<void>;
}

/** What the alerts module hands every channel it builds. */
export interface ChannelContext {
  /** config.json: each channel reads its block on every alert (changes apply live) and writes it from its settings. */
  config: ConfigService;
  clock: Clock;
  log: AlertLog & { debug(context: object, message: string): void };
  /** A file of the channel's own in the data directory, 0600 (the webhook's signing secret); `name` is fixed in code. */
  privateFile(name: string): PrivateFile;
  /** HomeCam's address from outside (HOMECAM_PUBLIC_URL), for links in alerts; undefined: no links. */
  publicUrl: string | undefined;
  /** What the operator set for this channel (`alertChannelOptions[id]`: the environment, or a test's fake server). */
  options: Readonly<Record<string, unknown>>;
  /** MQTT publishing on the MQTT trigger's connection (the `mqtt` channel sends through it). */
  mqtt: { publisher: MqttHaPublisher; connected(): boolean };
}

/**
 * One alert channel as a plug-in (Uptime Kuma's notification providers): `alerts/<id>/index.ts` exports one, and
 * `alerts/registry.ts` lists it. That is all a new channel takes on the server: the pipeline, the status, the
 * plugins page, "send a test" and the settings route come from here.
 */
export interface AlertChannelPlugin {
  readonly id: string;
  /** "Send a test" only for admins (a test makes the server call a URL an admin set). */
  readonly adminOnlyTest?: boolean;
  /** The operator's options for this channel from the environment (main.ts), and their line in `--help`. */
  readonly env?: {
    help: string;
    /** Throws OptionsError on a bad value: the server does not start with it. */
    read(env: Readonly<Record<string, string | undefined>>): Record<string, unknown>;
  };
  create(ctx: ChannelContext): { channel: AlertChannel; settings?: ChannelSettings<never, never> };
}

/** A channel's typed settings as the registry keeps them (the route validates the body with `patch` first). */
export function channelSettings<Response, Patch>(settings: ChannelSettings<Response, Patch>): ChannelSettings<never, never> {
  return settings as unknown as ChannelSettings<never, never>;
}

/** A settings field only an admin may change: the server calls out with it (a URL, a token, a TLS exception). */
export function adminOnly(field: string): AppError {
  return new AppError('ALERT_SETTING_ADMIN_ONLY', `only an admin can change ${field} (the server calls out with it)`);
}

/** Writes `changes` into config.json `notifications.<id>` (undefined removes a key), validated and atomic. */
export async function patchChannelBlock(config: ConfigService, id: string, changes: Record<string, unknown>): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await config.updateSection('notifications', (current) => {
    const section = { ...(current as Record<string, unknown>) };
    const next: Record<string, unknown> = { ...((section[id] as Record<string, unknown> | undefined) ?? {}) };
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined) delete next[key];
      else next[key] = value;
    }
    section[id] = next;
    return section;
  });
}
