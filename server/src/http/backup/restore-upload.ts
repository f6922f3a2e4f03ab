import type { MultipartFile, Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { AppError } from '../../errors/app-error.js';

export interface RestoreUpload {
  stream: Readable;
  /** The file stopped at the size limit. */
  truncated: () => boolean;
  /** After the file was read: refuses a body that holds anything more (a second file, a field). */
  finish: () => Promise<void>;
}

/** A multipart body the parser cannot read (no boundary, a part cut off) is the client's error (N10), not a 500. */
function asClientError(error: unknown): unknown {
  if (error instanceof AppError || (error as { statusCode?: unknown }).statusCode !== undefined) return error;
  return new AppError('BAD_REQUEST', `the multipart body could not be read: ${error instanceof Error ? error.message : String(error)}`);
}

async function nextPart(parts: AsyncIterableIterator<Multipart>): Promise<Multipart | undefined> {
  try {
    const next = await parts.next();
    return next.done ? undefined : next.value;
  } catch (error) {
    throw asClientError(error);
  }
}

/**
 * The body of POST /api/backup/restore: exactly one part, the file under `field`. The file is handed on as a stream
 * (it may be gigabytes); once it is read, `finish` checks that nothing followed it.
 */
export async function openRestoreUpload(request: FastifyRequest, field: string, maxBytes: number): Promise<RestoreUpload> {
  const parts = request.parts({ limits: { fileSize: maxBytes, files: 1, parts: 1 } });
  const first = await nextPart(parts);
  if (first?.type !== 'file' || first.fieldname !== field) {
    throw new AppError('VALIDATION_FAILED', 'the archive is missing', [{ path: field, message: 'FIELD_REQUIRED' }]);
  }
  const file: MultipartFile = first;
  return {
    stream: file.file,
    truncated: () => file.file.truncated,
    finish: async () => {
      let more: Multipart | undefined;
      try {
        more = await nextPart(parts);
      } catch (error) {
        // The parts limit: something came after the file.
        if ((error as { code?: string }).code === 'FST_PARTS_LIMIT' || (error as { code?: string }).code === 'FST_FILES_LIMIT') more = first;
        else throw error;
      }
      if (more) throw new AppError('BAD_REQUEST', `the body must hold one file (field ${field}) and nothing else`);
    },
  };
}
