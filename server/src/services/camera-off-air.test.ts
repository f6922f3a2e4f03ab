import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.js';
import { InvalidSourceError, MediaError, parseSource } from '../media/index.js';
import { thrownBy } from '../../test/helpers/thrown.js';
import { toAppError } from './camera-off-air.js';

describe('toAppError: media failures as API errors', () => {
  it('maps a refused camera source (the library\'s InvalidSourceError, as media throws it) once, without its text', () => {
    const refusal = thrownBy(() => parseSource('gopher://admin:hunter22@cam/x'));
    expect(refusal).toBeInstanceOf(InvalidSourceError);
    const mapped = toAppError(refusal);
    expect(mapped).toBeInstanceOf(AppError);
    expect(mapped).toMatchObject({ code: 'CAMERA_OFFLINE', status: 503, message: 'the camera source is not valid' });
    expect(JSON.stringify(mapped)).not.toContain('hunter22');
  });

  it('maps the media codes and passes anything else through unchanged', () => {
    expect(toAppError(new MediaError('MAX_STREAMS_REACHED', 'x'))).toMatchObject({ code: 'MAX_STREAMS_REACHED' });
    expect(toAppError(new MediaError('HUB_CLOSED', 'x'))).toMatchObject({ code: 'CAMERA_OFFLINE' });
    const other = new Error('something else');
    expect(toAppError(other)).toBe(other);
  });
});
