import type { CameraStreamName } from '@homecam/shared';
import type { CamviewLayout, Tile } from '../../lib/camview-layout';

/**
 * Which stream a live tile plays. A tile that takes half of the grid or less is at most a few hundred
 * pixels wide, so the camera's sub stream (when it has one) looks the same there at a fraction of the
 * bandwidth and browser decode work, which is what lets a phone or a Pi-hosted wall show many cameras.
 * A tile that fills most of the grid gets the main stream's detail.
 */
export function tileStream(tile: Pick<Tile, 'w' | 'h'>, layout: Pick<CamviewLayout, 'cols' | 'rows'>, hasSubStream: boolean): CameraStreamName {
  if (!hasSubStream) return 'main';
  return tile.w * tile.h * 2 <= layout.cols * layout.rows ? 'sub' : 'main';
}
