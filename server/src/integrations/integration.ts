import { capText, replaceUrls, type IntegrationAction, type IntegrationDetail, type IntegrationError, type IntegrationKind, type IntegrationState, type IntegrationStatus, type IntegrationWarning, type ProblemCode } from '@homecam/shared';
import type { Clock } from '../lib/clock.js';
import { problemCodeOf } from './problem-code.js';

/**
 * One integration HomeCam runs: a trigger (HTTP, MQTT, SMTP, FTP), a notifier (web push, MQTT state, the alert
 * channels of issue 9) or an analysis (Rekognition). It registers itself in the IntegrationRegistry; the plugins
 * page lists what is registered, nothing else. An action it does not implement is not offered.
 */
export interface IntegrationHandle {
  readonly id: string;
  readonly kind: IntegrationKind;
  /** English name; the web translates `plugins:names.<id>` when it knows the id. */
  readonly title: string;
  /** The web page where it is configured. */
  readonly settingsPath: string;
  status(): IntegrationStatus | Promise<IntegrationStatus>;
  /** How it is set up that the admin should know about (an open trigger); none when absent. */
  warnings?(): IntegrationWarning[];
  /** Switch it on (persisted in its settings, so it survives a restart of HomeCam) and start it. */
  start?(): Promise<void>;
  /** Switch it off (persisted) and stop it. */
  stop?(): Promise<void>;
  /** Stop and start the running instance; the settings are not changed. */
  restart?(): Promise<void>;
}

export function actionsOf(handle: IntegrationHandle): IntegrationAction[] {
  const actions: IntegrationAction[] = [];
  if (handle.start) actions.push('start');
  if (handle.stop) actions.push('stop');
  if (handle.restart) actions.push('restart');
  return actions;
}

/** A message is cut to this before it is masked (it is kept to 500 characters anyway). */
const MESSAGE_SCAN_MAX = 4096;

/** The user info of a URL (after `scheme://`, up to an `@` before any `/?#`), anchored: linear on any text. */
const USER_INFO = /^[^/?#@]*@/;

function maskUserInfo(url: string): string {
  const at = url.indexOf('://') + 3;
  const rest = url.slice(at);
  return USER_INFO.test(rest) ? `${url.slice(0, at)}***@${rest.slice(rest.indexOf('@') + 1)}` : url;
}

/**
 * A message fit to show and store: credentials in URLs become `***@`, and every configured secret (password,
 * token) that appears in it becomes `***`. Short secrets (under 3 characters) would mangle ordinary words.
 */
export function redactSecrets(message: string, secrets: readonly (string | undefined)[] = []): string {
  // Cut first (with a marker): only the first 500 characters are kept, and masking costs no more than that.
  let text = replaceUrls(capText(message, MESSAGE_SCAN_MAX), maskUserInfo);
  for (const secret of secrets) {
    if (secret && secret.length >= 3) text = text.split(secret).join('***');
  }
  return text.slice(0, 500);
}

/**
 * Keeps what a status needs besides the state: since when it holds (noticed on every look and every event) and
 * the last error with its time (kept after a recovery). Secrets are removed before an error is kept.
 */
export class StatusTracker {
  private state: IntegrationState | null = null;
  private since: string | null = null;
  private error: IntegrationError | null = null;
  /** When the integration was set up (HomeCam's start, or the moment it was added). */
  private readonly createdAt: string;

  constructor(
    private readonly clock: Clock,
    private readonly secrets: () => readonly (string | undefined)[] = () => [],
  ) {
    this.createdAt = this.now();
  }

  /** Records a failure (English, any secrets are removed here); its code is read from the message unless given. */
  fail(message: string, code?: ProblemCode): void {
    const text = redactSecrets(message, this.secrets());
    this.error = { code: code ?? problemCodeOf(text), message: text, at: this.now() };
  }

  lastError(): IntegrationError | null {
    return this.error;
  }

  /**
   * The status for `state`; `since` moves when the state differs from the last one seen. The first look dates the
   * state from the last error when there was one (what last changed it), else from when the integration was set
   * up: an integration that never changed has held its state since then, and the page says so.
   */
  status(state: IntegrationState, detail: IntegrationDetail | null = null): IntegrationStatus {
    if (state !== this.state) {
      this.since = this.state === null ? (this.error?.at ?? this.createdAt) : this.now();
      this.state = state;
    }
    return { state, since: this.since, lastError: this.error, detail };
  }

  private now(): string {
    return new Date(this.clock.now()).toISOString();
  }
}

/** Who an integration is on the plugins page. */
export interface IntegrationIdentity {
  id: string;
  kind: IntegrationKind;
  title: string;
  settingsPath: string;
}

/**
 * An integration that keeps its own last error: its identity, a StatusTracker (secrets from `secrets` are removed
 * before an error is kept) and `fail`, the hook its service reports failures to. Subclasses say what their status is.
 */
export abstract class TrackedIntegration implements IntegrationHandle {
  readonly id: string;
  readonly kind: IntegrationKind;
  readonly title: string;
  readonly settingsPath: string;
  protected readonly tracker: StatusTracker;

  constructor(identity: IntegrationIdentity, clock: Clock, secrets?: () => readonly (string | undefined)[]) {
    this.id = identity.id;
    this.kind = identity.kind;
    this.title = identity.title;
    this.settingsPath = identity.settingsPath;
    this.tracker = new StatusTracker(clock, secrets);
  }

  /** A failure reported by the integration's service: kept (redacted) as the last error. */
  fail(message: string): void {
    this.tracker.fail(message);
  }

  abstract status(): IntegrationStatus | Promise<IntegrationStatus>;
}
