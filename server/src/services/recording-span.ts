import { AppError } from '../errors/app-error.js';
import type { RecordingRow } from '../repositories/recording.repository.js';

/** A file made of pieces of other files (a span of continuous footage, issue 19): size and a ranged reader. */
export interface VirtualFile {
  size: number;
  open(range?: { start: number; end: number }): NodeJS.ReadableStream;
}

/** Where span recordings find their footage (the continuous module). */
export interface SpanSource {
  file(row: RecordingRow): Promise<VirtualFile | null>;
}

export interface RecordingFile {
  path: string;
  size: number;
  contentType: string;
  /** Set for a span recording: read it through this, `path` is empty. */
  virtual?: VirtualFile;
}

/** A span recording's file: its footage as one virtual MP4, or FILE_NOT_FOUND once retention took the footage. */
export async function spanFile(spans: SpanSource | null, row: RecordingRow): Promise<RecordingFile> {
  const virtual = await spans?.file(row);
  if (!virtual) throw new AppError('FILE_NOT_FOUND', 'the footage of this event is gone');
  return { path: '', size: virtual.size, contentType: 'video/mp4', virtual };
}
