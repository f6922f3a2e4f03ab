#!/usr/bin/env node
// `npm start`: build once when the sources are newer than the last build, then run the server as a supervised
// child (scripts/supervisor.mjs): SIGTERM/SIGINT are passed on and end this script with the server's code, and a
// restart from Settings → System (exit code 75) starts it again on the same port. Arguments after `npm start --`
// go to the server (--port, --data, --host).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { supervise } from './supervisor.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stamp = join(root, 'server', 'dist', '.build-stamp');
const sourceDirs = ['packages/shared/src', 'server/src', 'web/src', 'web/public', 'web/index.html'].map((p) => join(root, p));

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const sourcesAt = Math.max(...sourceDirs.map(newestMtime));
if (sourcesAt > builtAt || !existsSync(join(root, 'web', 'dist', 'index.html'))) {
  console.log('HomeCam: building (first start or sources changed)...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stamp, new Date().toISOString());
}

process.exitCode = await supervise({ nodeArgs: [join(root, 'server', 'dist', 'main.js')], args: process.argv.slice(2) });
