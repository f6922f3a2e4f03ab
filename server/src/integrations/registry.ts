import type { Integration, IntegrationAction } from '@homecam/shared';
import { AppError } from '../errors/app-error.js';
import { actionsOf, type IntegrationHandle } from './integration.js';

/**
 * Every integration the runtime runs, in registration order. Issue 9's alert channels call `register` once
 * they exist and appear on the plugins page with no change there.
 */
export class IntegrationRegistry {
  private readonly entries = new Map<string, IntegrationHandle>();

  /** Adds an integration; returns the function that removes it again. Ids are unique. */
  register(handle: IntegrationHandle): () => void {
    if (this.entries.has(handle.id)) throw new Error(`integration '${handle.id}' is registered twice`);
    this.entries.set(handle.id, handle);
    return () => {
      if (this.entries.get(handle.id) === handle) this.entries.delete(handle.id);
    };
  }

  ids(): string[] {
    return [...this.entries.keys()];
  }

  async list(): Promise<Integration[]> {
    return Promise.all([...this.entries.values()].map((handle) => this.describe(handle)));
  }

  async get(id: string): Promise<Integration> {
    return this.describe(this.require(id));
  }

  /**
   * Runs an action and answers the status after it. A failure to start is not an HTTP error: it is the
   * integration's state (`error` with the message), which is what the admin needs to see.
   */
  async act(id: string, action: IntegrationAction): Promise<Integration> {
    const handle = this.require(id);
    if (!handle[action]) throw new AppError('PLUGIN_ACTION_UNSUPPORTED', `'${id}' cannot be asked to ${action}`);
    await handle[action]?.();
    return this.describe(handle);
  }

  private require(id: string): IntegrationHandle {
    const handle = this.entries.get(id);
    if (!handle) throw new AppError('PLUGIN_NOT_FOUND', `no integration '${id}'`);
    return handle;
  }

  private async describe(handle: IntegrationHandle): Promise<Integration> {
    const status = await handle.status();
    const warnings = handle.warnings?.() ?? [];
    return { id: handle.id, kind: handle.kind, title: handle.title, settingsPath: handle.settingsPath, actions: actionsOf(handle), warnings, ...status };
  }
}
