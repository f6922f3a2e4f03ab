/** The camera simulator's public types (tools/src/simulator.ts starts the cameras). */
export interface CameraSimulatorOptions {
  /** How many cameras (one process each). Default 1. */
  cameras?: number;
  /** Camera i listens on basePort + i. Default: a free port chosen by the OS, kept across restarts. */
  basePort?: number;
  /** Listen address, default 127.0.0.1. */
  bind?: string;
  /** Names drawn into the pictures; default cam1, cam2, ... */
  names?: string[];
  /** e.g. '1280x720' (the default) */
  mainSize?: string;
  /** e.g. '640x360' (the default) */
  subSize?: string;
  /** Default 25. */
  fps?: number;
  /** Default true (AAC tone). */
  audio?: boolean;
  /** videotestsrc pattern of the moving picture: 'ball' (default, ~0.4 Mbit/s) or e.g. 'snow' (busy, ~2 Mbit/s). */
  pattern?: string;
  /** Start still; `setMotion()` switches the moving ball on and off (SIGUSR1). Not with `clip`. */
  motion?: boolean;
  /**
   * Serve a pre-encoded clip, looped in real time, instead of encoding live with x264: a camera then costs
   * ~1 % of a core instead of ~20 %, so many cameras can run next to what they feed (benchmarks).
   * `true`: clips made once with ffmpeg (`prepareSimulatorClip`, cached) at `mainSize`/`subSize` and `fps`,
   * 2 Mbit/s main, 0.5 Mbit/s sub; or paths of your own H.264 (+AAC) clips (`sub` defaults to `main`).
   * The picture is then the clip's (ffmpeg's test picture with a frame counter), not the name and wall clock.
   */
  clip?: boolean | { main: string; sub?: string };
  /**
   * A black picture (with the clock) that `flash()` switches between black and white (SIGUSR2), timed at the
   * source: for glass-to-glass latency. Live encoding only (not with `clip` or `motion`).
   */
  flash?: boolean;
  /**
   * An ONVIF Profile T camera with a speaker: a DESCRIBE with `Require: www.onvif.org/ver20/backchannel` gets an
   * extra sendonly PCMU 8 kHz audio media on /main and /sub, and what arrives there is counted (`SimulatedCamera.talk`).
   */
  backchannel?: boolean;
  /** Require RTSP basic auth; the URLs then carry the credentials. */
  credentials?: { user: string; password: string };
  /** Python interpreter; default $HOMECAM_SIM_PYTHON or /usr/bin/python3. */
  python?: string;
  /** Per-camera start deadline, default 15 s. */
  startTimeoutMs?: number;
  /** Receives the script's stderr and unexpected output lines. */
  log?: (line: string) => void;
}

export interface SimulatedCamera {
  readonly name: string;
  readonly host: string;
  readonly port: number;
  /** rtsp://[user:pass@]host:port/main */
  readonly mainUrl: string;
  readonly subUrl: string;
  readonly running: boolean;
  /** Process id of the camera's process while it runs (for CPU and memory measurements). */
  readonly pid: number | null;
  /** RTSP clients that sent PLAY and have not disconnected yet (all paths). */
  readonly activeSessions: number;
  /** PLAY requests seen since the simulator started (all paths, across restarts). */
  readonly playCount: number;
  /** What the camera's speaker heard (`backchannel: true`), across its backchannel sessions since it started. */
  readonly talk: TalkReceived;
  /** Stops the camera process (SIGTERM, then SIGKILL after 3 s): simulates an outage. */
  stop(): Promise<void>;
  /** Starts it again on the same port and resolves once it answers RTSP OPTIONS. */
  start(): Promise<void>;
  /** Switches motion on or off (needs `motion: true`); resolves when the script confirmed it. */
  setMotion(on: boolean): Promise<void>;
  /**
   * Switches the picture black ↔ white (needs `flash: true`) and resolves with when the switched frame left the
   * source and the encoder of /main; rejects when /main is not playing (nothing to time) or after 5 s.
   */
  flash(): Promise<FlashTiming>;
  /** Freezes the camera (SIGSTOP): connections stay open but nothing is sent, like a hung camera. */
  suspend(): void;
  /** Unfreezes it (SIGCONT). */
  resume(): void;
}

export interface CameraSimulator {
  readonly cameras: SimulatedCamera[];
  /** Stops every camera process. */
  close(): Promise<void>;
}

export interface TalkReceived {
  /** Backchannel sessions set up (a DESCRIBE with the Require header prepares one). */
  readonly sessions: number;
  /** Of those, the ones not torn down yet. */
  readonly open: number;
  /** G.711 bytes (= samples at 8 kHz) received, all sessions. */
  readonly bytes: number;
  /** The loudest RMS (16-bit samples, 0–32767) of a 0.2 s window so far: 0 for silence. */
  readonly peakRms: number;
}

/** When a `flash()` switch happened, wall clock in ms since the epoch (Date.now() scale, sub-ms). */
export interface FlashTiming {
  /** The picture after the switch. */
  white: boolean;
  /** The first raw frame with the new picture left the camera's source (its capture time). */
  at: number;
  /** That frame left the H.264 encoder (x264 ultrafast, zerolatency): `encodedAt − at` is the encoder's latency. */
  encodedAt: number;
}

/** One JSON line of rtsp-sim.py's stdout. */
export interface SimEvent {
  event: string;
  port?: number;
  client?: number;
  on?: boolean;
  message?: string;
  path?: string | null;
  white?: boolean;
  at?: number | null;
  encodedAt?: number | null;
  session?: number;
  bytes?: number;
  rms?: number;
}
