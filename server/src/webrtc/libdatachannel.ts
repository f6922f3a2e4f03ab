/**
 * libdatachannel (node-datachannel) on demand. Its global state — usrsctp with its `SCTP timer` thread that ticks
 * ~100 times a second, the poll and worker threads — costs ~0.25–0.45 % of a core with no peer at all, so it runs
 * only while something holds a lease: the first WebRTC viewer loads the module and starts it, and a while after the
 * last lease is released (`lingerMs`, so a page reload does not tear it down and set it up again) it is cleaned up
 * and its threads end. Loading alone starts no thread; `load()` lets a `?transport=webrtc` socket fetch the module
 * while it signs in, so the first answer does not wait for it.
 */
import type NodeDataChannel from 'node-datachannel';
import type { Audio, PeerConnection, Track, Video } from 'node-datachannel';

export type Libdatachannel = typeof NodeDataChannel;

export interface LibdatachannelLease {
  readonly lib: Libdatachannel;
  /** Ends this lease (again: nothing). */
  release(): void;
}

export interface LibdatachannelState {
  /** The module has been imported (its native addon is in the process). */
  loaded: boolean;
  /** Its global state and threads are up. */
  running: boolean;
  leases: number;
}

/**
 * `pc.addTrack(media)` for code that lets libdatachannel stop (every user of this module). node-datachannel keeps
 * each track's native wrapper in a list that cleanup() closes one by one, and takes it off that list only in the
 * track's closed callback, never when the wrapper is garbage-collected: a collected track left on the list is a
 * dangling pointer and cleanup() then crashes the process (SIGSEGV in rtc::Track::close). So every track gets a
 * closed callback, and the callback holds the track, so it cannot be collected before it ran.
 */
export function addTrack(pc: PeerConnection, media: Video | Audio, onClosed?: (track: Track) => void): Track {
  const track = pc.addTrack(media);
  track.onClosed(() => onClosed?.(track));
  return track;
}

class LibdatachannelHost {
  /** How long the threads stay after the last lease, for the next viewer (a reload, the next camera). */
  lingerMs = 10_000;
  private module: Promise<Libdatachannel> | null = null;
  private lib: Libdatachannel | null = null;
  private running = false;
  private leases = 0;
  private stopTimer: ReturnType<typeof setTimeout> | null = null;
  private warn: ((message: string) => void) | null = null;

  /** Imports the module once; starts nothing. */
  load(): Promise<Libdatachannel> {
    this.module ??= import('node-datachannel').then((imported) => (this.lib = imported.default));
    return this.module;
  }

  /** libdatachannel's warnings and errors, e.g. into the server log (the latest sink wins). */
  setWarningSink(sink: (message: string) => void): void {
    this.warn = sink;
  }

  /** Starts libdatachannel if it is not running and holds it running until the lease is released. */
  async acquire(): Promise<LibdatachannelLease> {
    this.leases += 1;
    this.clearStopTimer();
    let lib: Libdatachannel;
    try {
      lib = await this.load();
      this.start(lib);
    } catch (error) {
      this.releaseOne();
      throw error;
    }
    let released = false;
    return {
      lib,
      release: () => {
        if (released) return;
        released = true;
        this.releaseOne();
      },
    };
  }

  state(): LibdatachannelState {
    return { loaded: this.lib !== null, running: this.running, leases: this.leases };
  }

  /** Cleans up now when nobody holds a lease (server shutdown); true when it is not running afterwards. */
  stopIfUnused(): boolean {
    if (this.leases > 0) return false;
    this.clearStopTimer();
    if (this.running && this.lib) {
      this.running = false;
      // Closes whatever native objects are left, joins libdatachannel's threads (~10–20 ms) and drops the log callback.
      this.lib.cleanup();
    }
    return true;
  }

  private start(lib: Libdatachannel): void {
    if (this.running) return;
    // cleanup() drops the log callback, so every start sets it again; preload() sets up the global state (SRTP,
    // usrsctp, the thread pool) once here, before two peer connections race to do it.
    lib.initLogger('Warning', (_level, message) => this.warn?.(message));
    lib.preload();
    this.running = true;
  }

  private releaseOne(): void {
    this.leases -= 1;
    if (this.leases > 0 || !this.running) return;
    this.clearStopTimer();
    this.stopTimer = setTimeout(() => this.stopIfUnused(), this.lingerMs);
    this.stopTimer.unref();
  }

  private clearStopTimer(): void {
    if (this.stopTimer) clearTimeout(this.stopTimer);
    this.stopTimer = null;
  }
}

/** The one host of the process: libdatachannel's global state is per process, whoever uses it (server or tests). */
export const libdatachannel = new LibdatachannelHost();
