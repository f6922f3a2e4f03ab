import type { RecordingRoot } from '../repositories/recording-files.repository.js';

export interface ClipThumbnailDeps {
  /** Where the clip's files go (fixed at its start) and the thumbnail's path under it. */
  files: RecordingRoot;
  relative: string;
  camera: string;
  /** The camera's newest keyframe as a JPEG, or null. */
  keyframe: (camera: string) => Promise<Buffer | null>;
  /** Announces a write in progress, so a request for the file waits for it (RecordingService.writing). */
  writing: (relative: string, root: string, written: Promise<unknown>) => void;
  warn: (context: object, message: string) => void;
}

export const isJpeg = (image: Buffer): boolean => image.length > 4 && image[0] === 0xff && image[1] === 0xd8;

/**
 * A clip's thumbnail: first the trigger's picture (an FTP upload, a mail attachment, an object's boxed frame) or the
 * camera's newest keyframe; then, once, the first object seen during the clip (issue 20) over it, never under it,
 * so the recordings list shows what the event was about.
 */
export class ClipThumbnail {
  /** The last write: the first picture, then the object's over it. Resolves whether a picture is on disk. */
  written: Promise<boolean> = Promise.resolve(false);
  private objectShown: boolean;

  /** `fromObject`: the clip starts with an object event, whose picture is the first one. */
  constructor(private readonly deps: ClipThumbnailDeps, fromObject: boolean) {
    this.objectShown = fromObject;
  }

  /** Writes the first picture; resolves whether one was written. */
  first(image?: Buffer): Promise<boolean> {
    this.written = this.writeFirst(image);
    this.deps.writing(this.deps.relative, this.deps.files.dir, this.written);
    return this.written;
  }

  /** An object seen during the clip: the first one's picture becomes the thumbnail. */
  showObject(image: Buffer | undefined): void {
    if (this.objectShown || !image || !isJpeg(image)) return;
    this.objectShown = true;
    const { files, relative } = this.deps;
    const shown = this.written.then(() => files.write(relative, image)).then(() => true, () => false);
    this.deps.writing(relative, files.dir, shown);
    // Whether a picture is on disk: the object's, or the first one when the object's could not be written.
    const before = this.written;
    this.written = shown.then(async (ok) => ok || (await before));
  }

  private async writeFirst(image?: Buffer): Promise<boolean> {
    const { files, relative, camera } = this.deps;
    try {
      if (image && isJpeg(image)) {
        await files.write(relative, image);
        return true;
      }
      const jpeg = await this.deps.keyframe(camera);
      if (!jpeg) return false;
      await files.write(relative, jpeg);
      return true;
    } catch (error) {
      this.deps.warn({ camera, err: error }, 'no thumbnail for the recording');
      return false;
    }
  }
}
