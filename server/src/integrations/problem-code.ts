import type { ProblemCode } from '@homecam/shared';

/**
 * The kind of a problem, read from its message (a Node error, a broker's answer, a service's status line), so the
 * page can say it in the user's language; the message itself stays as the technical detail. Each rule is a plain
 * alternation over a message of at most 500 characters: linear time. First match wins.
 */
const RULES: readonly [RegExp, ProblemCode][] = [
  [/EADDRINUSE|address already in use/i, 'PORT_IN_USE'],
  [/listen EACCES|EACCES.{0,40}:\d+|permission denied/i, 'PORT_NOT_ALLOWED'],
  [/no broker/i, 'NO_BROKER'],
  [/not connected/i, 'NOT_CONNECTED'],
  [/not authori[sz]ed|bad user ?name or password|unauthori[sz]ed|forbidden|HTTP 40[13]\b|\b40[13] /i, 'AUTH_FAILED'],
  [/ECONNREFUSED|connection refused/i, 'CONNECTION_REFUSED'],
  [/ENOTFOUND|EAI_AGAIN|getaddrinfo/i, 'HOST_NOT_FOUND'],
  [/timed? ?out|time-out|ETIMEDOUT|no acknowledgement within|no answer within/i, 'TIMEOUT'],
  [/certificate|self[- ]signed|\bTLS\b|\bSSL\b|EPROTO/i, 'TLS_FAILED'],
  [/access key id or secret missing/i, 'KEYS_MISSING'],
  [/contingent|budget/i, 'BUDGET_USED_UP'],
  [/no device/i, 'NO_DEVICE'],
  [/HTTP [45]\d\d\b/i, 'REJECTED'],
];

export function problemCodeOf(message: string): ProblemCode {
  const text = message.slice(0, 500);
  return RULES.find(([pattern]) => pattern.test(text))?.[1] ?? 'FAILED';
}
