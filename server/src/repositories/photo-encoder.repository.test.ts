import { describe, expect, it } from 'vitest';
import { detectImageType } from '../lib/image-type.js';
import { PhotoEncoder } from './photo-encoder.repository.js';

const GIF = Buffer.from('R0lGODlhAQABAIAAAP8AAP///ywAAAAAAQABAAACAkQBADs=', 'base64');

describe('PhotoEncoder', () => {
  it('turns a GIF into a fresh PNG', async () => {
    const type = detectImageType(GIF);
    if (!type) throw new Error('fixture is not a GIF');
    const encoded = await new PhotoEncoder().encode(GIF, type);
    expect(encoded.type).toEqual({ mime: 'image/png', extension: 'png' });
    expect(detectImageType(encoded.bytes)?.mime).toBe('image/png');
  });

  it('answers 503 FFMPEG_UNAVAILABLE (not a 400 blaming the photo) when ffmpeg cannot be started', async () => {
    const encoder = new PhotoEncoder({ ffmpegPath: '/nonexistent/ffmpeg' });
    await expect(encoder.encode(GIF, { mime: 'image/gif', extension: 'gif' })).rejects.toMatchObject({ code: 'FFMPEG_UNAVAILABLE', status: 503 });
  });
});
