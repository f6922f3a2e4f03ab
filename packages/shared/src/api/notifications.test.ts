import { describe, expect, it } from 'vitest';
import { CAMERA_EVENT_MESSAGES, defaultEventMessage } from './notifications.js';

describe('defaultEventMessage', () => {
  it("recognises the server's own camera event texts", () => {
    expect(defaultEventMessage({ level: 'event', type: 'motion', message: CAMERA_EVENT_MESSAGES.motion })).toBe('motion');
    expect(defaultEventMessage({ level: 'event', type: 'doorbell', message: CAMERA_EVENT_MESSAGES.doorbell })).toBe('doorbell');
  });

  it('leaves any other message, a system warning or another type alone', () => {
    expect(defaultEventMessage({ level: 'event', type: 'motion', message: 'Alarm at the gate' })).toBeNull();
    expect(defaultEventMessage({ level: 'WARN', type: 'motion', message: CAMERA_EVENT_MESSAGES.motion })).toBeNull();
    expect(defaultEventMessage({ level: 'event', type: 'custom', message: CAMERA_EVENT_MESSAGES.doorbell })).toBeNull();
  });
});
