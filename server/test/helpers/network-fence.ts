import dgram from 'node:dgram';
import dns from 'node:dns';
import dnsPromises from 'node:dns/promises';
import { syncBuiltinESMExports } from 'node:module';
import net, { isIP, type Socket } from 'node:net';

/**
 * A fence around this test process: no TCP connection, UDP datagram, multicast join or name lookup leaves the
 * loopback. The route fuzz writes random but valid settings as an admin (an MQTT host, HomeKit on, a weather
 * place), and some of them make the server reach out; the fence refuses every such attempt before a packet is sent
 * (as the network would refuse it), and counts it. Loopback (127.0.0.0/8, ::1, `localhost`) and Unix sockets pass.
 */
export const fenced: string[] = [];

function isLoopback(host: unknown): boolean {
  if (host === undefined || host === null || host === '') return true;
  if (typeof host !== 'string') return false;
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare === '::1' || bare === '0:0:0:0:0:0:0:1') return true;
  return isIP(bare) === 4 ? bare.startsWith('127.') : bare.startsWith('::ffff:127.');
}

function refusal(what: string): NodeJS.ErrnoException {
  fenced.push(what);
  return Object.assign(new Error(`network fence: ${what} is outside the loopback`), { code: 'ECONNREFUSED' });
}

type Connect = (this: Socket, ...args: unknown[]) => Socket;

function fenceTcp(): void {
  const proto = net.Socket.prototype as unknown as { connect: Connect };
  const connect = proto.connect;
  proto.connect = function fencedConnect(this: Socket, ...args: unknown[]) {
    const [first, second] = args;
    const options = (Array.isArray(first) ? first[0] : first) as { host?: unknown; path?: unknown } | number | string;
    const host = typeof options === 'object' && options !== null ? (options.path ? 'localhost' : options.host) : typeof options === 'number' ? second : 'localhost';
    if (isLoopback(host)) return connect.apply(this, args);
    const error = refusal(`tcp ${String(host)}`);
    process.nextTick(() => this.destroy(error));
    return this;
  };
}

function fenceUdp(): void {
  const proto = dgram.Socket.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const send = proto.send as (...args: unknown[]) => unknown;
  proto.send = function fencedSend(this: unknown, ...args: unknown[]) {
    const callback = typeof args.at(-1) === 'function' ? (args.at(-1) as (error: Error) => void) : undefined;
    const address = args.filter((arg) => typeof arg === 'string').at(-1);
    if (address !== undefined && isLoopback(address)) return send.apply(this, args);
    const error = refusal(`udp ${String(address ?? '(connected)')}`);
    if (callback) process.nextTick(() => callback(error));
    return undefined;
  };
  for (const method of ['addMembership', 'addSourceSpecificMembership', 'setMulticastInterface']) {
    proto[method] = () => void fenced.push(`udp ${method}`);
  }
}

function fenceDns(): void {
  const answer = (host: string) => (isIP(host) ? host : '127.0.0.1');
  const refuse = (host: string) => Object.assign(refusal(`dns ${host}`), { code: 'ENOTFOUND' });
  const lookup = dns.lookup;
  (dns as { lookup: unknown }).lookup = (host: string, ...rest: unknown[]) => {
    // An address literal is answered without a query; sending to it is fenced above.
    if (isLoopback(host) || isIP(host) !== 0) return (lookup as (...args: unknown[]) => void)(host, ...rest);
    const callback = rest.at(-1) as (error: Error) => void;
    process.nextTick(() => callback(refuse(host)));
  };
  const lookupAsync = (host: string, options?: { all?: boolean }) => {
    if (!isLoopback(host) && isIP(host) === 0) return Promise.reject(refuse(host));
    const address = answer(host === 'localhost' ? '127.0.0.1' : host);
    const entry = { address, family: isIP(address) === 6 ? 6 : 4 };
    return Promise.resolve(options?.all ? [entry] : entry);
  };
  (dnsPromises as { lookup: unknown }).lookup = lookupAsync;
  (dns.promises as { lookup: unknown }).lookup = lookupAsync;
  for (const method of ['resolve', 'resolve4', 'resolve6', 'resolveAny'] as const) {
    (dnsPromises as Record<string, unknown>)[method] = (host: string) => Promise.reject(refuse(host));
  }
}

let installed = false;

/** Installs the fence once for this test file's process; the ES module bindings of the built-ins follow. */
export function installNetworkFence(): void {
  if (installed) return;
  installed = true;
  fenceTcp();
  fenceUdp();
  fenceDns();
  syncBuiltinESMExports();
}
