import { statfs } from 'node:fs/promises';

/** Bytes an unprivileged writer may still put on the file system of `dir`. */
export async function freeBytes(dir: string): Promise<number> {
  const fs = await statfs(dir);
  return fs.bavail * fs.bsize;
}
