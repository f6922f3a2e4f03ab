import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { DestinationStream } from 'pino';
import { createLogger, type LogLevel } from '../logger.js';
import { secretsOf } from '../logs/config-secrets.js';
import type { LogFileOptions } from '../logs/log-file.js';
import { LogHub } from '../logs/log-hub.js';
import type { ConfigService } from '../services/config.service.js';

export interface LogOptions {
  dataDir: string;
  /** Overrides config.json's logLevel (HOMECAM_LOG_LEVEL); without it, editing logLevel applies at once. */
  logLevel?: LogLevel | undefined;
  /** Where the JSON log lines go besides the ring and the file (default stdout); tests capture them. */
  logStream?: DestinationStream | undefined;
  /** Rotation of <data>/logs/homecam.log (tests make it small); `false` = no file. */
  logFile?: Partial<Omit<LogFileOptions, 'dir'>> | false | undefined;
}

/** The log hub, masking config.json's current secrets from the first line on, and the root logger writing to it. */
export function openLogs(config: ConfigService, options: LogOptions): { logs: LogHub; log: FastifyBaseLogger } {
  const file = options.logFile === false ? undefined : { ...options.logFile, dir: join(options.dataDir, 'logs') };
  const logs = new LogHub({ out: options.logStream, file });
  logs.setSecrets(secretsOf(config.get()));
  config.onChange((next) => logs.setSecrets(secretsOf(next)));
  const log = createLogger(options.logLevel ?? config.get().logLevel, logs);
  if (options.logLevel === undefined) config.onChange((next) => void (log.level = next.logLevel));
  return { logs, log };
}
