import { AppError } from '../errors/app-error.js';
import type { FileRepository, OpenedFile } from '../repositories/file.repository.js';

/** Files under /files: profile photos now, recordings and snapshots in later issues. */
export class FileService {
  constructor(private readonly files: FileRepository) {}

  async open(name: string): Promise<OpenedFile> {
    const file = await this.files.open(name);
    if (!file) throw new AppError('FILE_NOT_FOUND', 'file not found');
    return file;
  }
}
