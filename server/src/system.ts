import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './context.js';
import { DiskRepository } from './repositories/disk.repository.js';
import { HostRepository } from './repositories/host.repository.js';
import type { CameraStreamService } from './services/camera-stream.service.js';
import { SystemService } from './services/system.service.js';

/** Settings → System over the running parts; `supervised` and the pinned log level come from main.ts's options. */
export function createSystemService(
  ctx: AppContext,
  streams: CameraStreamService,
  log: FastifyBaseLogger,
  options: { supervised?: boolean | undefined; logLevel?: string | undefined },
): SystemService {
  return new SystemService({
    config: ctx.config,
    cameras: ctx.cameras,
    streams,
    recordings: ctx.repositories.recordings,
    disk: new DiskRepository(),
    host: new HostRepository(),
    bus: ctx.bus,
    dataDir: ctx.dataDir,
    recordingsDir: () => ctx.recordingsDir.dir,
    logLevel: () => ({ level: log.level, pinned: options.logLevel !== undefined }),
    supervised: options.supervised ?? false,
  });
}
