import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** An access unit delimiter alone, with a 4-byte start code: what a camera that stops mid-frame has sent of it. */
const LONE_AUD = {
  h264: Buffer.from([0, 0, 0, 1, 0x09, 0xf0]),
  hevc: Buffer.from([0, 0, 0, 1, 0x46, 0x01, 0x50]),
};

/**
 * A real fMP4 with the seam flaw, written by ffmpeg itself: an encoder's Annex-B stream (with delimiters, as
 * cameras send them) that ends with a delimiter and nothing after it, remuxed with `-c copy` into fragments the
 * way the hub's upstream does. ffmpeg's parser emits the trailing delimiter as an access unit of its own and the
 * muxer writes it as the last, picture-less video sample ("missing picture in access unit" when decoded).
 */
export async function fmp4WithTrailingDelimiter(video: 'h264' | 'hevc', frames = 20): Promise<Buffer> {
  const encoder = video === 'h264'
    ? ['-c:v', 'libx264', '-preset', 'ultrafast', '-profile:v', 'baseline', '-x264-params', 'aud=1', '-f', 'h264']
    : ['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'aud=1:bframes=0:log-level=error', '-f', 'hevc'];
  const source = ['-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=10', '-frames:v', String(frames), '-g', '10', '-pix_fmt', 'yuv420p'];
  const encoded = await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', ...source, ...encoder, 'pipe:1'], { encoding: 'buffer', maxBuffer: 16 << 20 });
  const annexB = Buffer.concat([encoded.stdout, LONE_AUD[video]]);
  const remux = [
    '-hide_banner', '-loglevel', 'error', '-r', '10', '-f', video, '-i', 'pipe:0', '-c:v', 'copy', ...(video === 'hevc' ? ['-tag:v', 'hvc1'] : []),
    '-f', 'mp4', '-movflags', 'frag_keyframe+empty_moov+default_base_moof', '-frag_duration', '200000', 'pipe:1',
  ];
  return pipeThrough('ffmpeg', remux, annexB);
}

function pipeThrough(command: string, args: string[], input: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`${command} failed: ${Buffer.concat(err).toString()}`))));
    child.stdin.end(input);
  });
}

/** What `ffmpeg -v error -i file -f null -` and ffprobe counting frames say about a file (empty: it decodes clean), and the frame count. */
export async function decodeErrors(file: string): Promise<{ errors: string; frames: number }> {
  const decoded = await run('ffmpeg', ['-v', 'error', '-i', file, '-f', 'null', '-']);
  const counted = await run('ffprobe', ['-v', 'error', '-count_frames', '-select_streams', 'v:0', '-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0', file]);
  return { errors: `${decoded.stderr}${counted.stderr}`.trim(), frames: Number(counted.stdout.trim()) };
}
