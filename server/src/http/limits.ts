import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Server } from 'node:http';
import { AppError } from '../errors/app-error.js';
import { ASSUMED_FD_LIMIT, readFdLimits } from '../lib/fd-limit.js';
import { ConnectionGate, connectionCapFor, gateOptions, installConnectionGate } from './connection-gate.js';
import { sendError } from './error-handler.js';

/** Limits of the API/web server. Defaults suit a home network; tests shorten the time-outs. */
export interface HttpLimitsOptions {
  /** The whole request head must arrive within this (slowloris). Default 10 s. */
  headersTimeoutMs?: number;
  /** The whole request, body included, must arrive within this. Default 30 s. */
  requestTimeoutMs?: number;
  /** An idle keep-alive connection is closed after this. Default 30 s. */
  keepAliveTimeoutMs?: number;
  /** How often Node checks the two time-outs above (their granularity). Default 1 s. */
  timeoutCheckMs?: number;
  /**
   * Open connections per client address; more are closed at once. Default 128: a camera wall of 16 live
   * sockets plus socket.io and the browser's HTTP pool is far below. Not applied behind a trusted proxy,
   * where every connection comes from the proxy. 0 turns it off.
   */
  maxConnectionsPerAddress?: number;
  /**
   * Open connections in all (D1); more are closed at once, and its last quarter goes only to addresses holding
   * fewer than 8 connections. Default: half the process's open-files limit (connectionCapFor), read when the
   * server is built (main.ts raises that limit first). 0 turns it off.
   */
  maxConnections?: number;
  /** JSON bodies nested deeper than this are refused before parsing. Default 64 (the config needs < 10). */
  jsonMaxDepth?: number;
  /** Requests per minute and address that may end in the 404 handler (scanners). Default 300. */
  notFoundPerMinute?: number;
}

export const HTTP_LIMIT_DEFAULTS = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 30_000,
  timeoutCheckMs: 1_000,
  maxConnectionsPerAddress: 128,
  jsonMaxDepth: 64,
  notFoundPerMinute: 300,
} as const satisfies Required<Omit<HttpLimitsOptions, 'maxConnections'>>;

/**
 * An oversized body is discarded (read and dropped) after the 413 rather than the connection being closed:
 * a client that sends its whole body before reading (most do) would otherwise see a reset, not the 413.
 * Bodies declared larger than this are not worth reading: for them the connection is closed.
 */
const DRAIN_MAX_BYTES = 128 * 1024 * 1024;

/**
 * Whether `text` (JSON) opens more than `max` nested arrays/objects. A linear scan that skips strings, so a
 * deep body is refused before JSON.parse builds it and before anything recursive (validation, cloning, the
 * config writer) walks it.
 */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** The JSON parser with a depth check in front of Fastify's own (which keeps its prototype-poisoning checks). */
function installJsonDepthLimit(app: FastifyInstance, maxDepth: number): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepthExceeds(text, maxDepth)) {
      done(new AppError('VALIDATION_FAILED', `the JSON body is nested deeper than ${maxDepth} levels`, [{ path: '', message: 'nested too deep' }]), undefined);
      return;
    }
    void parse(request, text, done); // calls done itself
  });
}

/** See DRAIN_MAX_BYTES: Fastify marks a body-parser failure `connection: close`; a 413 keeps the connection. */
function installCleanPayloadTooLarge(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode === 413 && reply.hasHeader('connection')) {
      const declared = Number(request.headers['content-length'] ?? 0);
      if (!(declared > DRAIN_MAX_BYTES)) reply.removeHeader('connection');
    }
    done(null, payload);
  });
}

/** Node's own time-outs on the listening server (Fastify turns the request time-out off by default). */
export function applyServerTimeouts(server: Server, options: HttpLimitsOptions = {}): void {
  const o = { ...HTTP_LIMIT_DEFAULTS, ...options };
  server.headersTimeout = o.headersTimeoutMs;
  server.requestTimeout = o.requestTimeoutMs;
  server.keepAliveTimeout = o.keepAliveTimeoutMs;
  // Read when the server starts listening: it decides how soon an expired connection is noticed.
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = o.timeoutCheckMs;
}

/** The not-found answer, rate limited per address: probing for paths is the one thing it serves. */
async function installNotFoundHandler(app: FastifyInstance, perMinute: number): Promise<void> {
  await app.register(fastifyRateLimit, { global: false });
  const limit = app.rateLimit({
    max: perMinute,
    timeWindow: 60_000,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', 'too many requests for paths that do not exist', { retryAfterSeconds: Math.ceil(context.ttl / 1000) }),
  });
  app.setNotFoundHandler({ preHandler: limit }, (request, reply) =>
    sendError(reply, 'NOT_FOUND', `no route for ${request.method} ${request.url.split('?')[0] ?? ''}`),
  );
}

/**
 * Every request-level limit of the API/web server: JSON depth, clean 413s, time-outs, connections (in all and
 * per address), the rate-limited 404. Call once on the root instance, after the error handler.
 */
export async function installHttpLimits(
  app: FastifyInstance,
  options: HttpLimitsOptions & { behindProxy?: boolean } = {},
): Promise<void> {
  const o = { ...HTTP_LIMIT_DEFAULTS, ...options };
  installJsonDepthLimit(app, o.jsonMaxDepth);
  installCleanPayloadTooLarge(app);
  applyServerTimeouts(app.server, o);
  // Behind a trusted proxy every connection comes from the proxy: only the global cap applies.
  const maxConnections = o.maxConnections ?? connectionCapFor(readFdLimits()?.soft ?? ASSUMED_FD_LIMIT);
  const gate = new ConnectionGate(gateOptions(maxConnections, options.behindProxy ? 0 : o.maxConnectionsPerAddress));
  installConnectionGate(app.server, gate);
  await installNotFoundHandler(app, o.notFoundPerMinute);
}
