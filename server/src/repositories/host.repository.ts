import { arch, hostname, platform, release, uptime } from 'node:os';

/** What the machine and this process are: read on every call (uptimes move), no state. */
export class HostRepository {
  node(): { version: string; execPath: string } {
    return { version: process.version, execPath: process.execPath };
  }

  os(): { platform: string; arch: string; release: string; hostname: string } {
    return { platform: platform(), arch: arch(), release: release(), hostname: hostname() };
  }

  /** When this process started, to the millisecond: the web app tells a restarted server from the old one by it. */
  startedAt(): Date {
    return new Date(performance.timeOrigin);
  }

  processUptimeSeconds(): number {
    return Math.floor(process.uptime());
  }

  systemUptimeSeconds(): number {
    return Math.floor(uptime());
  }
}
