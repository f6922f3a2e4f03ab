import { describe, expect, it } from 'vitest';
import { actionOf, topicPath } from './event-mapping.js';

const note = (topic: string, items: Record<string, string>, operation = 'Changed') => ({ topic, operation, data: new Map(Object.entries(items)) });
const camera = { doorbell: false };
const doorbellCamera = { doorbell: true };

describe('ONVIF event mapping', () => {
  it('drops namespace prefixes from every part of a topic', () => {
    expect(topicPath('tns1:RuleEngine/tnsaxis:CellMotionDetector/Motion')).toBe('RuleEngine/CellMotionDetector/Motion');
    expect(topicPath('Plain/Path')).toBe('Plain/Path');
  });

  it('motion: IsMotion and MotionAlarm State start and end motion', () => {
    expect(actionOf(note('tns1:RuleEngine/CellMotionDetector/Motion', { IsMotion: 'true' }), camera)).toBe('motion');
    expect(actionOf(note('tns1:RuleEngine/CellMotionDetector/Motion', { IsMotion: 'false' }), camera)).toBe('motionReset');
    expect(actionOf(note('tns1:VideoSource/MotionAlarm', { State: '1' }), camera)).toBe('motion');
    expect(actionOf(note('tns1:VideoSource/MotionAlarm', { State: 'false' }), camera)).toBe('motionReset');
  });

  it('doorbell: a digital input or a vendor doorbell topic rings only a camera marked as a doorbell, and only when it turns on', () => {
    const input = note('tns1:Device/Trigger/DigitalInput', { LogicalState: 'true' });
    expect(actionOf(input, doorbellCamera)).toBe('doorbell');
    expect(actionOf(input, camera)).toBeNull();
    expect(actionOf(note('tns1:Device/Trigger/DigitalInput', { LogicalState: 'false' }), doorbellCamera)).toBeNull();
    expect(actionOf(note('tnsvendor:Device/Doorbell', { State: 'true' }), doorbellCamera)).toBe('doorbell');
  });

  it('tamper: scene change or a tamper topic turning true; before motion, since some vendors nest both', () => {
    expect(actionOf(note('tns1:VideoSource/GlobalSceneChange/ImagingService', { State: 'true' }), camera)).toBe('tamper');
    expect(actionOf(note('tns1:RuleEngine/TamperDetector/Tamper', { IsTamper: 'true' }), camera)).toBe('tamper');
    expect(actionOf(note('tns1:RuleEngine/TamperDetector/Tamper', { IsTamper: 'false' }), camera)).toBeNull();
    expect(actionOf(note('tns1:VideoSource/MotionTamper', { State: 'true' }), camera)).toBe('tamper');
  });

  it('ignores unknown topics and messages without a readable state', () => {
    expect(actionOf(note('tns1:Monitoring/ProcessorUsage', { Value: '1' }), camera)).toBeNull();
    expect(actionOf(note('tns1:RuleEngine/CellMotionDetector/Motion', { IsMotion: 'maybe' }), camera)).toBeNull();
    expect(actionOf(note('tns1:RuleEngine/CellMotionDetector/Motion', {}), camera)).toBeNull();
  });
});
