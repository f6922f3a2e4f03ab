import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type Leveled = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * `request.log` of one request: the pino child with the request id is made the first time something is written at
 * an enabled level, not for every request. Making it costs more than a trivial request itself (pino serialises and
 * redacts the bindings, issue 16), and at the default level `info` most requests write nothing at all.
 */
class RequestLogger {
  private real: Leveled | null = null;

  constructor(
    private readonly parent: Leveled,
    private readonly bindings: Bindings,
  ) {}

  get level(): string {
    return (this.real ?? this.parent).level;
  }

  set level(level: string) {
    this.logger().level = level;
  }

  isLevelEnabled(level: string): boolean {
    return (this.real ?? this.parent).isLevelEnabled(level);
  }

  child(bindings: Bindings, options?: Parameters<FastifyBaseLogger['child']>[1]): FastifyBaseLogger {
    return this.logger().child(bindings, options);
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {
    // pino's no-op level
  }

  private logger(): Leveled {
    return (this.real ??= this.parent.child(this.bindings) as Leveled);
  }

  private write(level: Level, args: unknown[]): void {
    if (!this.isLevelEnabled(level)) return;
    const logger = this.logger();
    Reflect.apply(logger[level], logger, args);
  }
}

/** Fastify's `childLoggerFactory`; a route with its own log level or serializers gets an ordinary child at once. */
export const lazyRequestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) => {
  const parent = logger as Leveled;
  if (Object.keys(options).length > 0 || typeof parent.isLevelEnabled !== 'function') return logger.child(bindings, options);
  return new RequestLogger(parent, bindings);
};
