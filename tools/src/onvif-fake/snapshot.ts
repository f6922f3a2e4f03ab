import { spawn } from 'node:child_process';

/** The fake's snapshot: one JPEG of ffmpeg's test picture, made once per process (real ffmpeg, no file shipped). */

let jpeg: Promise<Buffer> | null = null;

export function snapshotJpeg(): Promise<Buffer> {
  jpeg ??= new Promise<Buffer>((resolve, reject) => {
    const args = ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=640x360', '-frames:v', '1', '-f', 'mjpeg', 'pipe:1'];
    const child = spawn('ffmpeg', args, { stdio: ['ignore', 'pipe', 'inherit'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve(Buffer.concat(chunks)) : reject(new Error(`ffmpeg exited ${code}`))));
  });
  return jpeg;
}
