import type { FastifyBaseLogger } from 'fastify';
import { pino, type DestinationStream } from 'pino';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export function isLogLevel(value: string): value is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value);
}

/**
 * Anything that may hold a credential is censored wherever it shows up in a log object: headers, bodies and
 * our own fields. Request logs carry method and URL only (Fastify's default serializer), and no URL of ours
 * carries a token.
 */
const SECRET_KEYS = ['password', 'currentPassword', 'newPassword', 'token', 'access_token', 'accessToken', 'secret', 'passwordHash'];
export const REDACT_PATHS = [
  // Headers at any of the depths libraries use (e.g. @fastify/multipart traces `busboyOptions.headers`).
  ...['headers', '*.headers', '*.*.headers'].flatMap((at) => [`${at}.authorization`, `${at}.cookie`, `${at}["set-cookie"]`]),
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

/**
 * The server's one root logger, made with the context (every module logs through a child of it from the start).
 * Fastify takes it as its `loggerInstance` and adds its request serializers on its own child; a level set here
 * reaches every child that did not set its own.
 */
export function createLogger(level: LogLevel, stream?: DestinationStream): FastifyBaseLogger {
  return pino({ level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, stream);
}
