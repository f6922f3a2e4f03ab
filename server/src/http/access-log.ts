import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';

/** pino loggers answer this; a logger that cannot is treated as logging everything. */
function enabled(log: FastifyBaseLogger, level: 'debug'): boolean {
  const check = (log as Partial<{ isLevelEnabled(level: string): boolean }>).isLevelEnabled;
  return typeof check === 'function' ? check.call(log, level) : true;
}

/**
 * How Fastify's own per-request lines are written (issue 16): the Console at the default level `info` is an audit
 * trail of what happened (cameras, sign-ins, motion, recordings: audit/audit-log.ts), not a pair of lines per
 * request. One access line per request at `debug` (method, URL, status, time), written only when debug is on, so
 * the line is not even built at `info`; an answer that failed (5xx) stays visible at `warn`, an exception at
 * `error` with its cause. Refusals are the error handler's business (a 403 of a signed-in user shows at `info`).
 */
export class AccessLogController extends LogController {
  override incomingRequest(): void {
    // One line when the request ends carries everything; nothing is written when it starts.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const log = reply.log;
    if (error) {
      log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    } else if (reply.statusCode >= 500) {
      log.warn({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request failed');
    } else if (enabled(log, 'debug')) {
      log.debug({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request');
    }
  }

  /** A client that goes away mid-answer (a closed tab, a video seek) is normal: debug. */
  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') {
      if (enabled(reply.log, 'debug')) reply.log.debug({ req: request, res: reply }, 'stream closed prematurely');
      return;
    }
    super.streamError(error, request, reply);
  }

  /** Only reached without a not-found handler; HomeCam's own (http/limits.ts) answers 404s, rate limited. */
  override routeNotFound(request: FastifyRequest): void {
    if (enabled(request.log, 'debug')) request.log.debug({ req: request }, 'route not found');
  }
}
