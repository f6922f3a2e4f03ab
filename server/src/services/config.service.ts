import { configFileSchema, type ConfigFile, type ConfigStat, type ValidationIssue } from '@homecam/shared';
import { EventEmitter } from 'node:events';
import type { z } from 'zod';
import { AppError } from '../errors/app-error.js';
import { CONFIG_FILE, type ConfigRepository } from '../repositories/config.repository.js';

/** config.json could not be used at start-up. The message names the file and every bad key. */
export class ConfigLoadError extends Error {
  override readonly name = 'ConfigLoadError';
}

export type ConfigChangeListener = (next: ConfigFile, previous: ConfigFile) => void;

function toIssues(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/** `config.json: mqtt.port: expected number, received string; ssl.active: ...` */
function describeIssues(issues: ValidationIssue[]): string {
  return issues
    .map((issue) => `${CONFIG_FILE}: ${issue.path || '(root)'}: ${issue.message.replace(/^Invalid input: /, '')}`)
    .join('; ');
}

/**
 * The validated content of config.json. Validated once at start (fail fast) and on every change; writes are
 * serialised and atomic. Other parts (cameras) subscribe with onChange instead of re-reading the file.
 */
export class ConfigService {
  private readonly events = new EventEmitter();
  /** Serialises writes so two PATCHes cannot interleave their read-modify-write. */
  private queue: Promise<unknown> = Promise.resolve();

  /** Reports a listener that threw; one broken subscriber must not fail the write or starve the others. */
  onListenerError: (error: unknown) => void = () => undefined;

  private constructor(
    private readonly repository: ConfigRepository,
    private current: ConfigFile,
  ) {}

  /** Reads and validates config.json, creating it with defaults when absent. Throws ConfigLoadError. */
  static async load(repository: ConfigRepository): Promise<ConfigService> {
    const raw = await repository.readRaw();
    if (raw === undefined) {
      const defaults = configFileSchema.parse({});
      await repository.write(defaults);
      return new ConfigService(repository, defaults);
    }
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch (error) {
      throw new ConfigLoadError(`${CONFIG_FILE}: not valid JSON (${(error as Error).message})`);
    }
    const result = configFileSchema.safeParse(json);
    if (!result.success) throw new ConfigLoadError(describeIssues(toIssues(result.error)));
    return new ConfigService(repository, result.data);
  }

  get(): ConfigFile {
    return structuredClone(this.current);
  }

  getSection(section: string): unknown {
    if (!Object.hasOwn(this.current, section)) throw new AppError('NOT_FOUND', `config section '${section}' not found`);
    return structuredClone((this.current as Record<string, unknown>)[section]);
  }

  /** Replaces the whole file with an already validated config. */
  replace(next: ConfigFile): Promise<ConfigFile> {
    return this.enqueue(() => this.save(next));
  }

  /** Replaces one top-level section; the whole file is validated, so errors name e.g. `mqtt.port`. */
  patchSection(section: string, value: unknown): Promise<ConfigFile> {
    return this.enqueue(async () => {
      const known = Object.hasOwn(configFileSchema.shape, section) || Object.hasOwn(this.current, section);
      if (!known) throw new AppError('NOT_FOUND', `config section '${section}' not found`);
      // A missing body would otherwise reset the section to its defaults without anyone asking for it.
      if (value === undefined) {
        throw new AppError('VALIDATION_FAILED', 'the config is not valid', [{ path: section, message: 'FIELD_REQUIRED' }]);
      }
      const result = configFileSchema.safeParse({ ...this.current, [section]: value });
      if (!result.success) {
        throw new AppError('VALIDATION_FAILED', 'the config is not valid', toIssues(result.error));
      }
      return this.save(result.data);
    });
  }

  /** Subscribe to changes; returns the unsubscribe function. Listeners get copies they may keep. */
  onChange(listener: ConfigChangeListener): () => void {
    const guarded: ConfigChangeListener = (next, previous) => {
      try {
        listener(next, previous);
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

  private async save(next: ConfigFile): Promise<ConfigFile> {
    await this.repository.write(next);
    const previous = this.current;
    this.current = next;
    for (const listener of this.events.listeners('change') as ConfigChangeListener[]) {
      listener(this.get(), structuredClone(previous));
    }
    return this.get();
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }
}
