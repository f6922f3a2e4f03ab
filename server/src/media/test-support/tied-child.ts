/**
 * A Node process that starts one long-running ffmpeg through spawnTied and prints its pid, for the test that
 * SIGKILLs this process (children.test.ts). MARKER goes into ffmpeg's arguments so the test can recognise it.
 */
import { spawnTied } from '../ffmpeg/children.js';

const marker = process.env.MARKER ?? 'homecam-tied-child';
const child = spawnTied('ffmpeg', [
  '-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'nullsrc=s=16x16:r=5',
  '-metadata', `comment=${marker}`, '-f', 'null', '-',
], { stdio: ['ignore', 'ignore', 'inherit'] });
child.once('spawn', () => process.stdout.write(`FFMPEG ${child.pid}\n`));
setInterval(() => undefined, 1_000); // alive until killed
