import onvif from 'onvif';
import { parseOnvifAddress, type OnvifDiscovered, type OnvifDiscovery } from '@homecam/shared';

/** How long a search listens for answers (cameras answer within a second; some wait up to APP_MAX_DELAY, 0.5 s). */
export const DISCOVERY_DURATION_MS = 4_000;
/** At most this many cameras are listed from one search (a flood of answers costs nothing beyond it). */
const MAX_DEVICES = 256;

interface ProbeMatch {
  XAddrs?: unknown;
  scopes?: unknown;
}

export interface DiscoveryOptions {
  durationMs?: number;
  now?: () => number;
}

/** The value of one `onvif://www.onvif.org/<kind>/<value>` scope, decoded and bounded, or null. */
function scope(scopes: string, kind: string): string | null {
  const prefix = `onvif://www.onvif.org/${kind}/`;
  const item = scopes.split(/\s+/).find((entry) => entry.toLowerCase().startsWith(prefix.toLowerCase()));
  if (!item) return null;
  const raw = item.slice(prefix.length, prefix.length + 256);
  let value = raw;
  try {
    value = decodeURIComponent(raw);
  } catch {
    // kept as sent
  }
  const clean = value.replace(/\p{Cc}/gu, ' ').trim().slice(0, 64);
  return clean || null;
}

function matchesOf(answer: unknown): ProbeMatch[] {
  const match = (answer as { probeMatches?: { probeMatch?: unknown } } | null)?.probeMatches?.probeMatch;
  if (Array.isArray(match)) return match as ProbeMatch[];
  return match && typeof match === 'object' ? [match] : [];
}

/**
 * One WS-Discovery search (multicast Probe on 239.255.255.250:3702 via the `onvif` client), collecting the
 * answers as they come so the page can show them during the search. Each answer's first http(s) XAddr that is
 * a valid camera address is kept (never a link-local or metadata host); who may see which is the service's.
 */
export class DiscoveryRun {
  private readonly devices = new Map<string, OnvifDiscovered>();
  private readonly startedAt: number;
  private finished = false;
  /** The search could not send (no multicast route or socket): the page says so instead of "nothing found". */
  private failed = false;
  readonly durationMs: number;
  readonly done: Promise<void>;

  constructor(private readonly options: DiscoveryOptions = {}) {
    const now = options.now ?? Date.now;
    this.startedAt = now();
    this.durationMs = options.durationMs ?? DISCOVERY_DURATION_MS;
    this.done = this.run();
  }

  private run(): Promise<void> {
    const onDevice = (answer: unknown) => this.add(answer);
    // The client reports unparsable answers (and socket errors) as 'error' events: without a listener they throw.
    const onError = () => undefined;
    onvif.Discovery.on('device', onDevice);
    onvif.Discovery.on('error', onError);
    return new Promise<void>((resolve) => {
      const finish = () => {
        if (this.finished) return;
        this.finished = true;
        onvif.Discovery.off('device', onDevice);
        onvif.Discovery.off('error', onError);
        resolve();
      };
      try {
        onvif.Discovery.probe({ timeout: this.durationMs, resolve: false }, (error) => {
          // A socket error (no multicast route) ends the search early; a bad answer from one device does not.
          if (error && !Array.isArray(error)) this.failed = true;
          finish();
        });
      } catch {
        this.failed = true;
        finish();
      }
    });
  }

  private add(answer: unknown): void {
    if (this.finished || this.devices.size >= MAX_DEVICES) return;
    for (const match of matchesOf(answer)) {
      const xaddrs = typeof match.XAddrs === 'string' ? match.XAddrs.slice(0, 4096).split(/\s+/) : [];
      const scopes = typeof match.scopes === 'string' ? match.scopes.slice(0, 8192) : '';
      for (const xaddr of xaddrs) {
        const found = this.candidate(xaddr, scopes);
        if (found && !this.devices.has(found.address)) {
          this.devices.set(found.address, found);
          break;
        }
      }
    }
  }

  private candidate(xaddr: string, scopes: string): OnvifDiscovered | null {
    try {
      const address = parseOnvifAddress(xaddr);
      const url = `${address.protocol}://${address.hostname}:${address.port}${address.path}`;
      return {
        address: url,
        hostname: address.hostname,
        port: address.port,
        name: scope(scopes, 'name'),
        model: scope(scopes, 'hardware'),
        manufacturer: scope(scopes, 'mfr'),
        addedAs: null,
      };
    } catch {
      return null;
    }
  }

  state(now = (this.options.now ?? Date.now)()): OnvifDiscovery {
    return {
      state: this.finished ? 'done' : 'running',
      elapsedMs: Math.min(this.durationMs, Math.max(0, Math.round(now - this.startedAt))),
      durationMs: this.durationMs,
      failed: this.failed,
      devices: [...this.devices.values()],
    };
  }
}
