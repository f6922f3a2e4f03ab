/** A move of the pad: velocities from -1 to 1 (pan right, tilt up, zoom in positive); absent axes stay still. */
export interface PtzVelocity {
  pan?: number;
  tilt?: number;
  zoom?: number;
}

/** How fast the pad moves the camera (of the camera's -1…1 range): steady enough to aim. */
export const PTZ_SPEED = 0.5;

/**
 * The PTZ pad's keyboard (desktop, while the pad has focus): arrows pan and tilt, + and − zoom, each while the
 * key is held. Apart from the DOM so it is tested alone.
 */
export function ptzKeyVelocity(key: string): PtzVelocity | null {
  switch (key) {
    case 'ArrowLeft':
      return { pan: -PTZ_SPEED };
    case 'ArrowRight':
      return { pan: PTZ_SPEED };
    case 'ArrowUp':
      return { tilt: PTZ_SPEED };
    case 'ArrowDown':
      return { tilt: -PTZ_SPEED };
    case '+':
    case '=':
      return { zoom: PTZ_SPEED };
    case '-':
    case '_':
      return { zoom: -PTZ_SPEED };
    default:
      return null;
  }
}
