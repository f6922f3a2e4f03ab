import { describe, expect, it } from 'vitest';
import { cameraSchema } from './cameras.js';
import { DEFAULT_OBJECT_LABELS, objectDetectionActive, objectLabelOf, cameraObjectDetectionSchema } from './object-detection.js';

const base = { name: 'Door', videoConfig: { source: 'rtsp://127.0.0.1/door' } };

describe('camera objectDetection settings', () => {
  it('fills the defaults on read and follows motion detection when not switched itself', () => {
    const camera = cameraSchema.parse(base);
    expect(camera.objectDetection).toEqual({ labels: [...DEFAULT_OBJECT_LABELS], minScore: 45, minSize: 0.1, zones: {} });
    expect(objectDetectionActive(camera)).toBe(false);
    const moving = cameraSchema.parse({ ...base, videoanalysis: { active: true } });
    expect(objectDetectionActive(moving)).toBe(true);
    expect(objectDetectionActive({ ...moving, objectDetection: { ...moving.objectDetection, active: false } })).toBe(false);
    expect(objectDetectionActive({ ...moving, disable: true })).toBe(false);
    // Rekognition is the camera's detector: the local one stays off unless switched on itself
    const cloud = cameraSchema.parse({ ...base, videoanalysis: { active: true }, rekognition: { active: true } });
    expect(objectDetectionActive(cloud)).toBe(false);
    expect(objectDetectionActive({ ...cloud, objectDetection: { ...cloud.objectDetection, active: true } })).toBe(true);
  });

  it('keeps unknown keys and normalises labels', () => {
    const parsed = cameraObjectDetectionSchema.parse({ labels: [' Person ', 'package'], zones: { Car: [0, 2] }, future: 1 });
    expect(parsed).toMatchObject({ labels: ['person', 'package'], zones: { car: [0, 2] }, future: 1 });
  });

  it('refuses values out of range with the field named', () => {
    for (const bad of [{ minScore: 101 }, { minSize: -1 }, { labels: [''] }, { zones: { person: [1.5] } }, { labels: Array(101).fill('cat') }]) {
      const result = cameraObjectDetectionSchema.safeParse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('maps Rekognition names onto the COCO vocabulary', () => {
    expect(objectLabelOf('Person')).toBe('person');
    expect(objectLabelOf('Human')).toBe('person');
    expect(objectLabelOf('Automobile')).toBe('car');
    expect(objectLabelOf('Dog')).toBe('dog');
    expect(objectLabelOf('Mailbox')).toBe('mailbox');
  });
});
