import { createReadStream } from 'node:fs';
import { lstat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { RecordingFilesRepository } from '../repositories/recording-files.repository.js';
import type { VirtualFile } from '../services/recording.service.js';
import type { SegmentRow } from './segment-index.js';

/** A byte range of a file on disk. */
export interface Piece {
  path: string;
  offset: number;
  length: number;
}

/** Reads the pieces as one stream, from `range.start` to `range.end` (inclusive) of their concatenation. */
export function piecesStream(pieces: readonly Piece[], range?: { start: number; end: number }): NodeJS.ReadableStream {
  const start = range?.start ?? 0;
  const end = range ? range.end + 1 : pieces.reduce((sum, piece) => sum + piece.length, 0);
  async function* chunks(): AsyncGenerator<Buffer> {
    let at = 0;
    for (const piece of pieces) {
      const from = Math.max(start, at);
      const to = Math.min(end, at + piece.length);
      if (to > from) {
        const stream = createReadStream(piece.path, { start: piece.offset + from - at, end: piece.offset + to - at - 1 });
        for await (const chunk of stream) yield chunk as Buffer;
      }
      at += piece.length;
      if (at >= end) return;
    }
  }
  return Readable.from(chunks());
}

/**
 * Consecutive segments as one fragmented MP4: the first segment's init, then the fragments of every segment with
 * the same init (their timestamps run on, the hub keeps one timeline). Segments after an init change are left out:
 * a player would need the new init. A segment still being written counts with what is on disk now.
 */
export async function footageFile(rows: readonly SegmentRow[], files: RecordingFilesRepository): Promise<VirtualFile | null> {
  const first = rows[0];
  if (!first) return null;
  const pieces: Piece[] = [];
  for (const row of rows) {
    if (row.init_hash !== first.init_hash) break;
    const path = files.at(row.root).resolve(row.file);
    if (!path) continue;
    const bytes = row.status === 'writing' ? await lstat(path).then((stat) => stat.size, () => 0) : row.bytes;
    if (bytes <= row.init_bytes) continue;
    if (pieces.length === 0) pieces.push({ path, offset: 0, length: row.init_bytes });
    pieces.push({ path, offset: row.init_bytes, length: bytes - row.init_bytes });
  }
  if (pieces.length === 0) return null;
  const size = pieces.reduce((sum, piece) => sum + piece.length, 0);
  return { size, open: (range) => piecesStream(pieces, range) };
}
