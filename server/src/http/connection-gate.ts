import type { Server } from 'node:http';

export interface ConnectionGateOptions {
  /** Open connections in all; more are closed at once. 0 turns the global cap off. */
  maxConnections: number;
  /** Open connections per client address. 0 turns it off (behind a proxy every connection has its address). */
  maxPerAddress: number;
  /**
   * The last `reserve` places of `maxConnections` go only to addresses holding fewer than `pressurePerAddress`
   * connections: when a few addresses fill the server (slowloris from 10 hosts), a new client still gets in.
   */
  reserve: number;
  pressurePerAddress: number;
}

/** Share of the global cap kept for light addresses, and what counts as light once the server is that full. */
const RESERVE_SHARE = 0.25;
const PRESSURE_PER_ADDRESS = 8;

/** The gate's settings for a global cap (`reserve` a quarter of it, 8 connections make an address heavy). */
export function gateOptions(maxConnections: number, maxPerAddress: number): ConnectionGateOptions {
  return { maxConnections, maxPerAddress, reserve: Math.floor(maxConnections * RESERVE_SHARE), pressurePerAddress: PRESSURE_PER_ADDRESS };
}

/**
 * The global connection cap for a process allowed `fdLimit` open files: half of them, so ffmpeg pipes, recordings,
 * the database, HomeKit and the trigger ports always have descriptors left, and the process never hits EMFILE
 * (which fails accept() for everyone, the real client included). At least 64, at most 16,384.
 */
export function connectionCapFor(fdLimit: number): number {
  return Math.min(16_384, Math.max(64, Math.floor(fdLimit / 2)));
}

/**
 * Counts open connections in all and per address, and decides on each new one before any byte is read (D1).
 * Pure bookkeeping: installConnectionGate wires it to a server.
 */
export class ConnectionGate {
  private total = 0;
  private readonly perAddress = new Map<string, number>();

  constructor(readonly options: ConnectionGateOptions) {}

  get open(): number {
    return this.total;
  }

  /** Whether a connection from `address` may stay; when it may, it is counted until release(). */
  admit(address: string): boolean {
    const { maxConnections, maxPerAddress, reserve, pressurePerAddress } = this.options;
    const held = this.perAddress.get(address) ?? 0;
    if (maxConnections > 0 && this.total >= maxConnections) return false;
    if (maxPerAddress > 0 && held >= maxPerAddress) return false;
    const underPressure = maxConnections > 0 && this.total >= maxConnections - reserve;
    if (underPressure && maxPerAddress > 0 && held >= pressurePerAddress) return false;
    this.total += 1;
    this.perAddress.set(address, held + 1);
    return true;
  }

  release(address: string): void {
    this.total = Math.max(0, this.total - 1);
    const left = (this.perAddress.get(address) ?? 1) - 1;
    if (left > 0) this.perAddress.set(address, left);
    else this.perAddress.delete(address);
  }
}

/** Closes connections the gate refuses at once (before any byte is read); counts the others until they close. */
export function installConnectionGate(server: Server, gate: ConnectionGate): void {
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    if (!gate.admit(address)) {
      socket.destroy();
      return;
    }
    socket.once('close', () => gate.release(address));
  });
}
