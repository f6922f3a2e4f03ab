import { cameraSchema, type CameraInput } from '@homecam/shared';
import { describe, expect, it } from 'vitest';
import { counts, detectionSettingsOf, insidePolygon } from './settings.js';

const FRAME = { width: 1000, height: 500 };
const camera = (input: Partial<CameraInput>) => cameraSchema.parse({ name: 'c', videoConfig: { source: 'rtsp://127.0.0.1/c' }, videoanalysis: { active: true }, ...input });
// driveway: the lower left quarter, in percent
const driveway = { coords: [[0, 50], [50, 50], [50, 100], [0, 100]] as [number, number][] };

describe('detection settings', () => {
  it('takes the defaults: on with motion detection, the home labels, 45 %, 0.1 % of the picture, no zones', () => {
    const s = detectionSettingsOf(camera({}));
    expect(s).toMatchObject({ active: true, minScore: 0.45, minArea: 0.001 });
    expect([...s.labels].sort()).toEqual(['bicycle', 'bird', 'bus', 'car', 'cat', 'dog', 'motorcycle', 'person', 'truck']);
    expect(detectionSettingsOf(camera({ videoanalysis: { active: false } })).active).toBe(false);
  });

  it('counts a label only where its box stands (bottom centre) inside one of its zones', () => {
    const s = detectionSettingsOf(camera({ videoanalysis: { active: true, regions: [driveway] }, objectDetection: { zones: { person: [0] } } }));
    // feet in the driveway, head above it: counts
    expect(counts(s, 'person', { x: 100, y: 150, width: 40, height: 120 }, FRAME)).toBe(true);
    // body in the driveway, feet on the street to the right of it: does not
    expect(counts(s, 'person', { x: 480, y: 300, width: 60, height: 120 }, FRAME)).toBe(false);
    // a car has no zones: anywhere
    expect(counts(s, 'car', { x: 800, y: 10, width: 100, height: 50 }, FRAME)).toBe(true);
  });

  it('a label whose zone indexes point nowhere counts nowhere; unwanted labels and small boxes never', () => {
    const s = detectionSettingsOf(camera({ objectDetection: { zones: { person: [5] }, minSize: 1 } }));
    expect(counts(s, 'person', { x: 0, y: 0, width: 500, height: 500 }, FRAME)).toBe(false);
    expect(counts(s, 'car', { x: 0, y: 0, width: 60, height: 60 }, FRAME)).toBe(false); // 0.72 % < 1 %
    expect(counts(s, 'car', { x: 0, y: 0, width: 80, height: 80 }, FRAME)).toBe(true);
    expect(counts(s, 'toaster', { x: 0, y: 0, width: 500, height: 500 }, FRAME)).toBe(false);
  });

  it('tests points against polygons even-odd, like motion zones', () => {
    const square = [[10, 10], [20, 10], [20, 20], [10, 20]] as [number, number][];
    expect(insidePolygon(15, 15, square)).toBe(true);
    expect(insidePolygon(25, 15, square)).toBe(false);
    const triangle = [[0, 0], [100, 0], [0, 100]] as [number, number][];
    expect(insidePolygon(10, 10, triangle)).toBe(true);
    expect(insidePolygon(60, 60, triangle)).toBe(false);
  });
});
