import { AppError } from '../errors/app-error.js';
import type { Clock } from '../lib/clock.js';
import type { PhotoRepository } from '../repositories/photo.repository.js';
import type { UserRecord, UserRepository } from '../repositories/user.repository.js';
import { detectImageType } from '../lib/image-type.js';
import type { PhotoEncoder } from '../repositories/photo-encoder.repository.js';

export class UserPhotoService {
  constructor(
    private readonly deps: { users: UserRepository; photos: PhotoRepository; clock: Clock; encoder: PhotoEncoder },
  ) {}

  /**
   * Stores a new profile photo and removes the previous file. The type is checked by content, then the image is
   * re-encoded (bounded size, no metadata): what is stored and served is ffmpeg's output, never the upload.
   */
  async set(userId: number, bytes: Uint8Array): Promise<UserRecord> {
    const user = await this.find(userId);
    const type = detectImageType(bytes);
    if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'the photo must be a JPEG, PNG, WebP or GIF image');
    const encoded = await this.deps.encoder.encode(bytes, type);
    const name = await this.deps.photos.save(encoded.bytes, encoded.type.extension);
    const updated = await this.deps.users.update(userId, { photo: name }, this.now());
    if (!updated) {
      await this.deps.photos.remove(name);
      throw new AppError('USER_NOT_FOUND', 'user not found');
    }
    if (user.photo) await this.deps.photos.remove(user.photo);
    return updated;
  }

  async remove(userId: number): Promise<UserRecord> {
    const user = await this.find(userId);
    const updated = await this.deps.users.update(userId, { photo: null }, this.now());
    if (!updated) throw new AppError('USER_NOT_FOUND', 'user not found');
    if (user.photo) await this.deps.photos.remove(user.photo);
    return updated;
  }

  private async find(userId: number): Promise<UserRecord> {
    const user = await this.deps.users.findById(userId);
    if (!user) throw new AppError('USER_NOT_FOUND', 'user not found');
    return user;
  }

  private now(): string {
    return new Date(this.deps.clock.now()).toISOString();
  }
}
