import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { prepareSimulatorClip } from './clip.js';
import { rtspOptions } from './rtsp-probe.js';
import { waitFor } from './wait.js';
import { TalkCounter } from './talk-counter.js';
import type { CameraSimulator, CameraSimulatorOptions, FlashTiming, SimEvent, SimulatedCamera, TalkReceived } from './simulator-types.js';

export type { CameraSimulator, CameraSimulatorOptions, FlashTiming, SimulatedCamera, TalkReceived } from './simulator-types.js';

/** The GStreamer script; run with Debian's python, which has `gi` (a pyenv python on PATH usually does not). */
export const SIMULATOR_SCRIPT = fileURLToPath(new URL('../camera-sim/rtsp-sim.py', import.meta.url));

const live = new Set<ChildProcess>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // Synchronous last resort; the script also dies with its parent (PR_SET_PDEATHSIG).
  process.once('exit', () => {
    for (const child of live) child.kill('SIGKILL');
  });
}

class SimCamera implements SimulatedCamera {
  port: number;
  private child: ChildProcess | null = null;
  private readonly sessions = new Set<number>();
  private plays = 0;
  private motion = false;
  private white = false;
  private readonly flashes: SimEvent[] = [];
  private readonly speaker = new TalkCounter();

  constructor(
    readonly name: string,
    readonly host: string,
    port: number,
    private readonly options: CameraSimulatorOptions,
    private readonly clips: { main: string; sub: string } | null,
  ) {
    this.port = port;
  }

  get running(): boolean {
    return this.child !== null;
  }

  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  get activeSessions(): number {
    return this.sessions.size;
  }

  get playCount(): number {
    return this.plays;
  }

  get talk(): TalkReceived {
    return this.speaker;
  }

  get mainUrl(): string {
    return this.url('main');
  }

  get subUrl(): string {
    return this.url('sub');
  }

  private url(path: string): string {
    const c = this.options.credentials;
    const auth = c ? `${encodeURIComponent(c.user)}:${encodeURIComponent(c.password)}@` : '';
    return `rtsp://${auth}${this.host}:${this.port}/${path}`;
  }

  async start(): Promise<void> {
    if (this.child) return;
    const o = this.options;
    const args = [SIMULATOR_SCRIPT, '--port', String(this.port), '--bind', this.host, '--name', this.name];
    if (o.mainSize) args.push('--main-size', o.mainSize);
    if (o.subSize) args.push('--sub-size', o.subSize);
    if (o.fps) args.push('--fps', String(o.fps));
    if (o.audio === false) args.push('--no-audio');
    if (o.motion) args.push('--motion');
    if (o.flash) args.push('--flash');
    if (o.backchannel) args.push('--backchannel');
    if (o.pattern) args.push('--pattern', o.pattern);
    if (o.credentials) args.push('--user', o.credentials.user, '--password', o.credentials.password);
    if (this.clips) args.push('--main-file', this.clips.main, '--sub-file', this.clips.sub);
    const python = o.python ?? process.env.HOMECAM_SIM_PYTHON ?? '/usr/bin/python3';
    if (!existsSync(python)) throw new Error(`camera simulator: python interpreter not found: ${python}`);

    const child = spawn(python, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    this.motion = false;
    this.white = false;
    this.flashes.length = 0;
    this.sessions.clear();
    live.add(child);
    installExitHook();

    let stderr = '';
    let exited = false;
    let readyPort: number | null = null;
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      stderr = (stderr + text).slice(-4_000);
      o.log?.(`[${this.name}] ${text.trimEnd()}`);
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      const message = parseEvent(line);
      if (!message) return o.log?.(`[${this.name}] ${line}`);
      if (message.event === 'ready' && typeof message.port === 'number') readyPort = message.port;
      else if (message.event === 'play' && message.client !== undefined) {
        this.plays += 1;
        this.sessions.add(message.client);
      } else if (message.event === 'closed' && message.client !== undefined) this.sessions.delete(message.client);
      else if (message.event === 'motion') this.motion = message.on === true;
      else if (message.event === 'flash') this.flashes.push(message);
      else this.speaker.take(message);
    });
    child.once('exit', () => {
      exited = true;
      live.delete(child);
      this.sessions.clear();
      if (this.child === child) this.child = null;
    });
    child.once('error', (error) => {
      stderr += String(error);
    });

    try {
      const port = await waitFor(() => readyPort ?? (exited ? -1 : 0), {
        timeoutMs: o.startTimeoutMs ?? 15_000,
        message: `simulated camera ${this.name} to listen`,
      });
      if (port < 0) throw new Error(`camera simulator ${this.name} exited: ${stderr.trim() || 'no output'}`);
      this.port = port;
      await waitFor(() => (exited ? Promise.reject(new Error(stderr)) : rtspOptions(this.host, port)), {
        timeoutMs: o.startTimeoutMs ?? 15_000,
        message: `simulated camera ${this.name} to answer RTSP OPTIONS`,
      });
    } catch (error) {
      await this.stop();
      throw error;
    }
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    const gone = new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once('exit', () => resolve());
    });
    child.kill('SIGCONT'); // a suspended process cannot handle SIGTERM
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
    await gone;
    clearTimeout(timer);
    if (this.child === child) this.child = null;
  }

  async flash(): Promise<FlashTiming> {
    const child = this.child;
    if (!child) throw new Error(`camera ${this.name} is not running`);
    if (!this.options.flash) throw new Error('start the simulator with flash: true to flash the picture');
    const seen = this.flashes.length;
    this.white = !this.white;
    const white = this.white;
    child.kill('SIGUSR2');
    // the script answers once per playing path (main and sub are separate pipelines), or once with no path
    const event = await waitFor(() => this.flashes.slice(seen).find((e) => e.white === white && (e.path === '/main' || e.path === null)), {
      timeoutMs: 5_000,
      message: `flash to ${white ? 'white' : 'black'} on /main`,
    });
    if (typeof event.at !== 'number' || typeof event.encodedAt !== 'number') throw new Error(`camera ${this.name}: /main is not playing, nothing to flash`);
    return { white, at: event.at, encodedAt: event.encodedAt };
  }

  suspend(): void {
    this.child?.kill('SIGSTOP');
  }

  resume(): void {
    this.child?.kill('SIGCONT');
  }

  async setMotion(on: boolean): Promise<void> {
    const child = this.child;
    if (!child) throw new Error(`camera ${this.name} is not running`);
    if (!this.options.motion) throw new Error('start the simulator with motion: true to switch motion');
    if (this.motion === on) return;
    child.kill('SIGUSR1');
    await waitFor(() => this.motion === on, { timeoutMs: 5_000, message: `motion ${on ? 'on' : 'off'}` });
  }
}

function parseEvent(line: string): SimEvent | null {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null && 'event' in value ? (value as SimEvent) : null;
  } catch {
    return null;
  }
}

/**
 * Starts `cameras` simulated RTSP cameras, one GStreamer process each, and resolves once every one answers
 * RTSP OPTIONS. Each camera serves /main and /sub (H.264 baseline + AAC, keyframe every 2 s).
 */
export async function startCameraSimulator(options: CameraSimulatorOptions = {}): Promise<CameraSimulator> {
  const count = options.cameras ?? 1;
  const host = options.bind ?? '127.0.0.1';
  const clips = await resolveClips(options);
  const cameras = Array.from({ length: count }, (_, i) => {
    const name = options.names?.[i] ?? `cam${i + 1}`;
    return new SimCamera(name, host, options.basePort === undefined ? 0 : options.basePort + i, options, clips);
  });
  const close = async (): Promise<void> => {
    await Promise.all(cameras.map((camera) => camera.stop()));
  };
  const started = await Promise.allSettled(cameras.map((camera) => camera.start()));
  const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) {
    await close();
    throw failed.reason;
  }
  return { cameras, close };
}

async function resolveClips(options: CameraSimulatorOptions): Promise<{ main: string; sub: string } | null> {
  const clip = options.clip;
  if (!clip) return null;
  if (options.motion) throw new Error('camera simulator: motion needs live encoding, not clip');
  if (options.flash) throw new Error('camera simulator: flash needs live encoding, not clip');
  if (clip !== true) {
    for (const path of [clip.main, clip.sub]) {
      if (path !== undefined && !existsSync(path)) throw new Error(`camera simulator: clip not found: ${path}`);
    }
    return { main: clip.main, sub: clip.sub ?? clip.main };
  }
  const common = { fps: options.fps, audio: options.audio };
  const [main, sub] = await Promise.all([
    prepareSimulatorClip({ ...common, size: options.mainSize ?? '1280x720', bitrateKbps: 2000 }),
    prepareSimulatorClip({ ...common, size: options.subSize ?? '640x360', bitrateKbps: 500 }),
  ]);
  return { main, sub };
}
