import { configFileSchema, mergePatch, type ConfigConfirmation, type ConfigFile, type ConfigStat } from '@homecam/shared';
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Actor } from '../events/actor.js';
import { AppError } from '../errors/app-error.js';
import { CONFIG_FILE, type ConfigRepository } from '../repositories/config.repository.js';
import { assertConfigDepth, assertConfirmed, destructiveChanges, serializeConfig, toIssues } from '../config-rules/config-write-rules.js';
import { refuseBadCameraMedia, refuseBadCameraNames } from '../config-rules/camera-media-check.js';
import { refuseOversizedText } from './text-caps.js';
import { refuseFileOnlyChanges } from '../config-rules/config-file-only.js';
import { ConfigLoadError, parseConfigText } from './config-text.js';

export { ConfigLoadError };

/** Who or what made a change: the API caller, an integration (HomeKit, MQTT), a hand edit of the file; none for internal writes. */
export interface ConfigChangeOrigin {
  by?: Actor | undefined;
  via?: string | undefined;
  /** config.json was edited on disk and reloaded. */
  fromFile?: boolean | undefined;
}

export type ConfigChangeListener = (next: ConfigFile, previous: ConfigFile, origin: ConfigChangeOrigin) => void;
/** A rule of another part (the recordings directory) every write obeys: throws an AppError to refuse. */
export type ConfigWriteRule = (next: ConfigFile, current: ConfigFile) => Promise<void>;

/** How long a burst of file events (editors write, rename, touch) settles before the file is read. */
const WATCH_DEBOUNCE_MS = 150;

export type ConfigReloadResult = 'applied' | 'unchanged';

/**
 * The validated content of config.json. Validated once at start (fail fast) and on every change; writes are
 * serialised and atomic. Other parts (cameras) subscribe with onChange instead of re-reading the file.
 */
export class ConfigService {
  private readonly events = new EventEmitter();
  private stopWatching: (() => void) | null = null;
  /** Serialises writes so two PATCHes cannot interleave their read-modify-write. */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly writeRules: ConfigWriteRule[] = [];

  /** Reports a listener that threw; one broken subscriber must not fail the write or starve the others. */
  onListenerError: (error: unknown) => void = () => undefined;

  private constructor(
    private readonly repository: ConfigRepository,
    private current: ConfigFile,
  ) {
    // One listener per part of the app that follows config.json (a dozen and growing with the features: Node's
    // warning at 11 is no leak); per-request subscribers would be one, and 32 still catches that.
    this.events.setMaxListeners(32);
  }

  /**
   * Reads and validates config.json, creating it with defaults when absent. A new install's HTTP trigger gets a
   * random `http.token` (F16d: a trigger nobody configured must not answer anyone on the network); a file without
   * one keeps working as before. Throws ConfigLoadError.
   */
  static async load(repository: ConfigRepository): Promise<ConfigService> {
    const raw = await repository.readRaw();
    if (raw === undefined) {
      const defaults = configFileSchema.parse({ http: { token: randomBytes(24).toString('base64url') } });
      await repository.write(defaults);
      return new ConfigService(repository, defaults);
    }
    return new ConfigService(repository, parseConfigText(raw));
  }

  get(): ConfigFile {
    return structuredClone(this.current);
  }

  getSection(section: string): unknown {
    if (!Object.hasOwn(this.current, section)) throw new AppError('NOT_FOUND', `config section '${section}' not found`);
    return structuredClone((this.current as Record<string, unknown>)[section]);
  }

  /**
   * PUT: the body becomes the whole file. `confirm` must name what it removes (every camera, top-level keys),
   * else 409 CONFIG_DESTRUCTIVE; an invalid file is 400 with the paths. Nothing is written unless all passes.
   */
  replace(body: Record<string, unknown>, confirm: readonly ConfigConfirmation[] = [], ifModifiedAt?: string, by?: Actor): Promise<ConfigFile> {
    return this.enqueue(async () => {
      await this.assertUnmodifiedSince(ifModifiedAt);
      assertConfigDepth(body);
      return this.commit(body, confirm, { by });
    });
  }

  /** PATCH: an RFC 7396 merge patch of the file (null removes a key, objects merge, arrays replace). */
  patch(body: Record<string, unknown>, confirm: readonly ConfigConfirmation[] = [], ifModifiedAt?: string, by?: Actor): Promise<ConfigFile> {
    return this.enqueue(async () => {
      await this.assertUnmodifiedSince(ifModifiedAt);
      assertConfigDepth(body);
      return this.commit(mergePatch(this.current, body), confirm, { by });
    });
  }

  /** A merge patch of one top-level section; the whole file is validated, so errors name e.g. `mqtt.port`. */
  patchSection(section: string, value: unknown, confirm: readonly ConfigConfirmation[] = [], ifModifiedAt?: string, by?: Actor): Promise<ConfigFile> {
    return this.enqueue(async () => {
      await this.assertUnmodifiedSince(ifModifiedAt);
      const known = Object.hasOwn(configFileSchema.shape, section) || Object.hasOwn(this.current, section);
      if (!known) throw new AppError('NOT_FOUND', `config section '${section}' not found`);
      // A missing body would otherwise reset the section to its defaults without anyone asking for it.
      if (value === undefined) {
        throw new AppError('VALIDATION_FAILED', 'the config is not valid', [{ path: section, message: 'FIELD_REQUIRED' }]);
      }
      assertConfigDepth(value, 1, [section]);
      return this.commit(mergePatch(this.current, { [section]: value }), confirm, { by });
    });
  }

  /**
   * Read-modify-write of one section, serialised with every other write: `mutate` gets the current value (a
   * copy) and returns the new one, or throws an AppError to refuse. The whole file is validated. Internal
   * (cameras, settings): the caller's own rules decide what may be removed. `origin`: whose request it serves.
   */
  updateSection(section: string, mutate: (current: unknown) => unknown, origin: ConfigChangeOrigin = {}): Promise<ConfigFile> {
    return this.enqueue(async () => {
      const next = mutate(structuredClone((this.current as Record<string, unknown>)[section]));
      return this.commit({ ...this.current, [section]: next }, null, origin);
    });
  }

  /**
   * Re-reads config.json (edited by hand) and applies it when it changed. Throws ConfigLoadError for a file
   * that is not valid; the last good config then stays in effect.
   */
  reload(): Promise<ConfigReloadResult> {
    return this.enqueue(async () => {
      const raw = await this.repository.readRaw();
      if (raw === undefined) throw new ConfigLoadError(`${CONFIG_FILE}: the file is gone; keeping the last good config`);
      const next = parseConfigText(raw);
      if (JSON.stringify(next) === JSON.stringify(this.current)) return 'unchanged';
      this.apply(next, { fromFile: true });
      return 'applied';
    });
  }

  /**
   * Watches config.json on disk: a hand edit is applied (debounced) without a restart. `onResult` hears
   * about every reload, with the error when the file was not valid. Idempotent; `close()` stops it.
   */
  watchFile(onResult: (result: ConfigReloadResult | ConfigLoadError | Error) => void): void {
    if (this.stopWatching) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const unwatch = this.repository.watch(
      () => {
        if (timer) clearTimeout(timer);
        timer = setTimeout(() => {
          timer = null;
          this.reload().then(onResult, (error: unknown) => onResult(error instanceof Error ? error : new Error(String(error))));
        }, WATCH_DEBOUNCE_MS);
      },
      (error) => onResult(error),
    );
    this.stopWatching = () => {
      if (timer) clearTimeout(timer);
      unwatch();
    };
  }

  /** Stops watching the file. */
  close(): void {
    this.stopWatching?.();
    this.stopWatching = null;
  }

  /**
   * Adds a rule every write (API and internal) must pass; it runs last, after the file's own checks, so a rule
   * with a side effect (adopting a directory) only acts on a write that is otherwise valid.
   */
  addWriteRule(rule: ConfigWriteRule): void {
    this.writeRules.push(rule);
  }

  /** Subscribe to changes; returns the unsubscribe function. Listeners get copies they may keep. */
  onChange(listener: ConfigChangeListener): () => void {
    const guarded: ConfigChangeListener = (next, previous, origin) => {
      try {
        listener(next, previous, origin);
      } catch (error) {
        this.onListenerError(error);
      }
    };
    this.events.on('change', guarded);
    return () => this.events.off('change', guarded);
  }

  /** The file exactly as stored, for download. */
  async raw(): Promise<string> {
    return (await this.repository.readRaw()) ?? `${JSON.stringify(this.current, null, 2)}\n`;
  }

  async stat(): Promise<ConfigStat> {
    const info = await this.repository.stat();
    // Some file systems report no birth time (epoch 0); the modification time is the honest fallback.
    const created = info.createdAt.getTime() > 0 ? info.createdAt : info.modifiedAt;
    return { size: info.size, modifiedAt: info.modifiedAt.toISOString(), createdAt: created.toISOString() };
  }

  /**
   * Validates `next` (the file as it would be written, before defaults) and writes it: depth, schema, text lengths
   * (text-caps.ts), what it removes (unless `confirm` is null), size. Any refusal leaves the file and the current config untouched.
   */
  private async commit(next: unknown, confirm: readonly ConfigConfirmation[] | null, origin: ConfigChangeOrigin): Promise<ConfigFile> {
    assertConfigDepth(next);
    const result = configFileSchema.safeParse(next);
    if (!result.success) throw new AppError('VALIDATION_FAILED', 'the config is not valid', toIssues(result.error));
    refuseFileOnlyChanges(this.current, result.data);
    refuseOversizedText(result.data, this.current);
    if (confirm !== null) assertConfirmed(destructiveChanges(this.current, next as Record<string, unknown>), confirm);
    return this.save(result.data, origin);
  }

  /**
   * The optimistic check of the editor: inside the write queue, so a write that lands first changes the time and
   * the later one is refused instead of silently overwriting it. Compared at the stat's millisecond precision.
   */
  private async assertUnmodifiedSince(ifModifiedAt: string | undefined): Promise<void> {
    if (ifModifiedAt === undefined) return;
    const { modifiedAt } = await this.stat();
    if (Date.parse(modifiedAt) === Date.parse(ifModifiedAt)) return;
    throw new AppError('CONFIG_CHANGED', `config.json was modified at ${modifiedAt}, after ${ifModifiedAt}`, { modifiedAt });
  }

  private async save(next: ConfigFile, origin: ConfigChangeOrigin): Promise<ConfigFile> {
    refuseBadCameraMedia(next, this.current);
    refuseBadCameraNames(next, this.current);
    const text = serializeConfig(next);
    for (const rule of this.writeRules) await rule(next, this.current);
    await this.repository.writeText(text);
    this.apply(next, origin);
    return this.get();
  }

  private apply(next: ConfigFile, origin: ConfigChangeOrigin): void {
    const previous = this.current;
    this.current = next;
    for (const listener of this.events.listeners('change') as ConfigChangeListener[]) {
      listener(this.get(), structuredClone(previous), origin);
    }
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }
}
