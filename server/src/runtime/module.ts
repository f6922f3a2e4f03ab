import type { RoutesApp } from '../http/define-routes.js';
import type { RealtimeGateway } from '../realtime/gateway.js';

/**
 * One feature of the server as its folder wires it (go2rtc's `X.Init()`): made by the folder's factory in
 * `<folder>/module.ts` from the context and its options, then listed once in `server/src/modules.ts`. The runtime
 * starts the modules in that order and stops them in reverse; every part is optional.
 */
export interface HomecamModule {
  /** Short and unique: it names the module in a failed stop's log line. */
  readonly name: string;
  /** Starts the long-lived parts (listeners, timers, servers). A throw stops what started before, last first. */
  start?(): Promise<void> | void;
  /** Stops them; called once, also after a later module failed to start. */
  stop?(): Promise<void> | void;
  /** Registers the module's HTTP routes (each `defineRoutes` plugin with the one service it delegates to). */
  routes?(app: RoutesApp): Promise<void>;
  /** Connects the module's realtime events to the socket gateway; returns what disconnects them. */
  socket?(gateway: RealtimeGateway): (() => void) | void;
}

/** Registers route plugins one after another (Fastify's `register` is awaited in order). */
export async function registerAll(app: RoutesApp, plugins: readonly ((app: RoutesApp) => PromiseLike<unknown>)[]): Promise<void> {
  for (const register of plugins) await register(app);
}
