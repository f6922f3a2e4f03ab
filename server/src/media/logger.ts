/**
 * The logging surface the media module needs; a pino logger fits it as is. Every text passed here is already
 * redacted (no credentials).
 */
export interface MediaLogger {
  debug(context: object, message: string): void;
  info(context: object, message: string): void;
  warn(context: object, message: string): void;
  error(context: object, message: string): void;
}

const noop = (): void => undefined;

export const silentLogger: MediaLogger = { debug: noop, info: noop, warn: noop, error: noop };
