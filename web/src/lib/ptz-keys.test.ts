import { describe, expect, it } from 'vitest';
import { PTZ_SPEED, ptzKeyVelocity } from './ptz-keys';

describe('ptzKeyVelocity', () => {
  it('pans and tilts with the arrows, zooms with + and -, and ignores other keys', () => {
    expect(ptzKeyVelocity('ArrowLeft')).toEqual({ pan: -PTZ_SPEED });
    expect(ptzKeyVelocity('ArrowRight')).toEqual({ pan: PTZ_SPEED });
    expect(ptzKeyVelocity('ArrowUp')).toEqual({ tilt: PTZ_SPEED });
    expect(ptzKeyVelocity('ArrowDown')).toEqual({ tilt: -PTZ_SPEED });
    expect(ptzKeyVelocity('+')).toEqual({ zoom: PTZ_SPEED });
    expect(ptzKeyVelocity('-')).toEqual({ zoom: -PTZ_SPEED });
    expect(ptzKeyVelocity('a')).toBeNull();
    expect(ptzKeyVelocity('Enter')).toBeNull();
  });
});
