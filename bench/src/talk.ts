import { spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { startCameraSimulator, waitFor } from '@homecam/tools';
import { TalkService } from '../../server/src/talkback/talk-service.js';
import { mib, ms, pct, publishResults, type Row } from './report.js';
import { REPO_ROOT } from './server.js';

/**
 * `npm run bench:talk`: press to talk (issue 22) on this machine, without a browser: a live Opus tone (ffmpeg, RTP on
 * loopback) is the microphone, the talk service opens the GStreamer camera's backchannel and transcodes to G.711.
 * Measures the first press (RTSP DESCRIBE/SETUP/PLAY + ffmpeg start), a press within the idle time, the time until
 * the camera reports sound, and the transcoder ffmpeg's CPU and memory while talking.
 */
const CLK_TCK = 100;
const TALK_S = 10;
const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? NaN;
const cpuTicks = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
};
const rssBytes = (pid: number): number => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) * 1024;

async function main(): Promise<void> {
  const started = Date.now();
  const sim = await startCameraSimulator({ cameras: 1, backchannel: true, audio: false, mainSize: '320x240', subSize: '160x120', fps: 5 });
  const camera = sim.cameras[0]!;
  const log = { warn: (obj: object, msg: string) => process.stderr.write(`${msg} ${JSON.stringify(obj)}\n`), debug: () => undefined };
  const talk = new TalkService({ source: () => camera.mainUrl, ffmpegPath: () => 'ffmpeg', log });
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  let owner = 'bench-0';
  socket.on('message', (packet) => talk.microphone('cam', owner, packet));
  const tone = spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-c:a', 'libopus', '-b:a', '32k', '-frame_duration', '20', '-f', 'rtp', '-payload_type', '111', `rtp://127.0.0.1:${socket.address().port}`], { stdio: 'ignore' });
  const cold: number[] = [];
  const warm: number[] = [];
  const heard: number[] = [];
  let cpu = NaN;
  let rss = NaN;
  try {
    for (let run = 0; run < 5; run += 1) {
      owner = `bench-${run}`;
      const before = camera.talk.bytes;
      const t0 = performance.now();
      await talk.press('cam', owner, 111, () => undefined);
      cold.push(performance.now() - t0);
      await waitFor(() => camera.talk.bytes > before, { timeoutMs: 10_000, message: 'sound at the camera' });
      heard.push(performance.now() - t0);
      talk.release('cam', owner);
      const t1 = performance.now();
      await talk.press('cam', owner, 111, () => undefined);
      warm.push(performance.now() - t1);
      if (run === 0) {
        const pid = talk.openLinks()[0]!.transcoderPid!;
        const ticks = cpuTicks(pid);
        const wall = performance.now();
        await new Promise((resolve) => setTimeout(resolve, TALK_S * 1_000));
        cpu = ((cpuTicks(pid) - ticks) / CLK_TCK / ((performance.now() - wall) / 1_000)) * 100;
        rss = rssBytes(pid);
      }
      await talk.end(owner);
      await waitFor(() => camera.talk.open === 0, { message: 'backchannel closed' });
    }
  } finally {
    tone.kill('SIGKILL');
    socket.close();
    await talk.close();
    await sim.close();
  }
  const rows: Row[] = [
    { metric: 'first press → talking (RTSP open + ffmpeg start), p50', measured: ms(quantile(cold, 0.5)), target: '< 1000 ms', pass: quantile(cold, 0.5) < 1_000 },
    { metric: 'first press → talking, max of 5', measured: ms(Math.max(...cold)), target: '–', pass: null },
    { metric: 'press again within the idle time, p50', measured: ms(quantile(warm, 0.5), 2), target: '< 50 ms', pass: quantile(warm, 0.5) < 50 },
    { metric: 'first press → camera reports sound, p50', measured: ms(quantile(heard, 0.5)), target: '< 1500 ms', pass: quantile(heard, 0.5) < 1_500 },
    { metric: `transcoder ffmpeg CPU while talking (${TALK_S} s)`, measured: pct(cpu), target: '< 5 % of one core', pass: cpu < 5 },
    { metric: 'transcoder ffmpeg RSS', measured: mib(rss), target: '–', pass: null },
  ];
  const result = { date: new Date().toISOString(), machine: { cpus: cpus().length }, durationSeconds: Math.round((Date.now() - started) / 1000), cold, warm, heard, cpuPercent: cpu, rssBytes: rss };
  publishResults('talk', 'Press to talk (issue 22)', result, rows, [
    'Microphone: ffmpeg libopus 20 ms RTP of a 440 Hz tone on loopback; camera: tools/camera-sim --backchannel (GStreamer ONVIF server), 320x240.',
    '"camera reports sound" includes the simulator\'s report interval (at most 0.2 s) and its RTP jitter buffer.',
    'CPU from /proc/<pid>/stat (utime+stime ÷ wall) in % of ONE core; other work on the shared machine barely moves it.',
  ], REPO_ROOT);
}

void main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exitCode = 1;
});
