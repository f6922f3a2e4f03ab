import type { AppContext } from '../context/context.js';
import type { LogLevel } from '../logger.js';
import { healthRoutes } from '../http/system/health.routes.js';
import { logRoutes } from '../http/system/log.routes.js';
import { systemRoutes } from '../http/system/system.routes.js';
import { DiskRepository } from '../repositories/disk.repository.js';
import { HostRepository } from '../repositories/host.repository.js';
import { registerAll, type HomecamModule } from '../runtime/module.js';
import { SystemService } from '../services/system.service.js';

export interface SystemModuleOptions {
  /** Started by the start script or a process manager (main.ts decides): restart from the UI is possible. */
  supervised?: boolean | undefined;
  /** HOMECAM_LOG_LEVEL pins the level (config.json's logLevel is then not used). */
  logLevel?: LogLevel | undefined;
}

export type SystemModule = HomecamModule & { readonly system: SystemService };

/** Settings → System (versions, disks, log level, At Home, the restart), the health check and the server log. */
export function systemModule(
  ctx: Pick<AppContext, 'config' | 'cameras' | 'streams' | 'repositories' | 'bus' | 'dataDir' | 'recordingsDir' | 'log' | 'logs'>,
  options: SystemModuleOptions = {},
): SystemModule {
  const system = new SystemService({
    config: ctx.config,
    cameras: ctx.cameras,
    streams: ctx.streams,
    recordings: ctx.repositories.recordings,
    disk: new DiskRepository(),
    host: new HostRepository(),
    bus: ctx.bus,
    dataDir: ctx.dataDir,
    recordingsDir: () => ctx.recordingsDir.dir,
    logLevel: () => ({ level: ctx.log.level, pinned: options.logLevel !== undefined }),
    supervised: options.supervised ?? false,
  });
  return {
    name: 'system',
    system,
    routes: (app) =>
      registerAll(app, [
        (app) => app.register(healthRoutes),
        (app) => app.register(systemRoutes, { system }),
        (app) => app.register(logRoutes, { logs: ctx.logs }),
      ]),
  };
}
