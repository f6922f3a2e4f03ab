/**
 * The logging surface of the bridge; a pino child logger fits it as is. Nothing passed here carries the setup
 * code, keys or pairing ids (the setup code is shown to admins through GET /api/homekit only).
 */
export interface HomekitLogger {
  debug(context: object, message: string): void;
  info(context: object, message: string): void;
  warn(context: object, message: string): void;
  error(context: object, message: string): void;
}
