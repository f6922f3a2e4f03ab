/** The part of pino the channels use (messages hold origins only, never a URL's path/query or a token). */
export interface AlertLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}
