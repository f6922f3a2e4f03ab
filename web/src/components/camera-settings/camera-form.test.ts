import { describe, expect, it } from 'vitest';
import { cameraSchema, maskSourceCredentials } from '@homecam/shared';
import { cameraToForm, formToInput, formToPatch, issuesToErrors, newCameraForm, validateCameraForm } from './camera-form';

const stored = cameraSchema.parse({
  name: 'Garden',
  room: 'Outside',
  model: 'C200',
  videoConfig: { source: 'rtsp://admin:secret@10.0.0.5/main', subSource: 'rtsp://admin:secret@10.0.0.5/sub', maxFPS: 15 },
});

describe('camera form mapping', () => {
  it('shows numbers as text, empty optional values as empty strings', () => {
    const values = cameraToForm(stored);
    expect(values['videoConfig.maxFPS']).toBe('15');
    expect(values['videoConfig.maxWidth']).toBe('');
    expect(values['videoConfig.stimeout']).toBe('10');
    expect(values.prebuffering).toBe(false);
    expect(values['videoConfig.audio']).toBe(true);
  });

  it('creates with every filled-in field, nested as the schema wants', () => {
    const values = { ...newCameraForm('Standard'), name: ' Door ', 'videoConfig.source': 'rtsp://cam/live', 'videoConfig.maxFPS': '12' };
    const input = formToInput(values);
    expect(input).toMatchObject({ name: 'Door', room: 'Standard', videoConfig: { source: 'rtsp://cam/live', maxFPS: 12, rtspTransport: 'tcp' } });
    expect(input.videoConfig).not.toHaveProperty('maxWidth');
    expect(cameraSchema.safeParse(input).success).toBe(true);
  });

  it('patches only what changed, null for an emptied field', () => {
    const initial = cameraToForm(stored);
    const patch = formToPatch(initial, { ...initial, model: '', 'videoConfig.maxFPS': '20', motion: false });
    expect(patch).toEqual({ model: null, motion: false, videoConfig: { maxFPS: 20 } });
    expect(formToPatch(initial, { ...initial })).toEqual({});
  });

  it('object detection: follows motion detection until switched, labels and zones per label in and out of the form', () => {
    const watched = cameraSchema.parse({ ...stored, videoanalysis: { active: true }, objectDetection: { labels: ['person', 'car'], minSize: 0.5, zones: { person: [1, 0] } } });
    const initial = cameraToForm(watched);
    expect(initial['objectDetection.active']).toBe(''); // unset: like motion detection
    expect(initial['objectDetection.labels']).toBe('person,car');
    expect(initial['objectDetection.minSize']).toBe('0.5');
    expect(initial['objectDetection.zones']).toBe('{"person":[0,1]}');
    // a new camera sends no switch of its own (it follows motion detection) and the default labels
    const input = formToInput({ ...newCameraForm('Standard'), name: 'Door', 'videoConfig.source': 'rtsp://cam/live' });
    expect(input.objectDetection).toMatchObject({ labels: ['person', 'car', 'truck', 'bus', 'motorcycle', 'bicycle', 'dog', 'cat', 'bird'], minScore: 45, minSize: 0.1, zones: {} });
    expect(input.objectDetection).not.toHaveProperty('active');
    // switched off, a label less, the person's zones gone and the car's set: the patch removes what went
    const changed = { ...initial, 'objectDetection.active': 'off', 'objectDetection.labels': 'car', 'objectDetection.minSize': '1.5', 'objectDetection.zones': '{"car":[2]}' };
    expect(formToPatch(initial, changed)).toEqual({ objectDetection: { active: false, labels: ['car'], minSize: 1.5, zones: { car: [2], person: null } } });
    // back to "like motion detection": the switch is removed
    expect(formToPatch({ ...initial, 'objectDetection.active': 'on' }, initial)).toEqual({ objectDetection: { active: null } });
    expect(validateCameraForm({ ...initial, 'objectDetection.minScore': '101' })['objectDetection.minScore']).toEqual({ key: 'cameras:form.errors.tooBig', values: { max: 100 } });
  });

  it('leaves a masked source untouched: not sent unless edited, sent masked when only the rest changed', () => {
    const masked = { ...stored, videoConfig: { ...stored.videoConfig, source: maskSourceCredentials(stored.videoConfig.source) } };
    const initial = cameraToForm(masked);
    expect(initial['videoConfig.source']).toBe('rtsp://admin:********@10.0.0.5/main');
    expect(formToPatch(initial, { ...initial, name: 'Garden 2' })).toEqual({ name: 'Garden 2' });
    const edited = { ...initial, 'videoConfig.source': 'rtsp://admin:********@10.0.0.6/main' };
    expect(formToPatch(initial, edited)).toEqual({ videoConfig: { source: 'rtsp://admin:********@10.0.0.6/main' } });
  });
});

describe('camera form validation', () => {
  it('uses the shared schema and its message keys', () => {
    const values = { ...newCameraForm('Standard'), 'videoConfig.probeSize': '8' };
    expect(validateCameraForm(values)).toEqual({
      name: { key: 'validation.FIELD_REQUIRED' },
      'videoConfig.source': { key: 'validation.FIELD_REQUIRED' },
      'videoConfig.probeSize': { key: 'validation.PROBE_SIZE_INVALID' },
    });
  });

  it('refuses control characters, lone surrogates and bidi overrides in the name and room, as the server does (N11)', () => {
    const base = { ...newCameraForm('Standard'), 'videoConfig.source': 'demo:' };
    const errors = validateCameraForm({ ...base, name: '\u202egnp.exe', room: 'Hall\u0000' });
    expect(errors.name).toEqual({ key: 'validation.NAME_CHARACTERS_INVALID' });
    expect(errors.room).toEqual({ key: 'validation.NAME_CHARACTERS_INVALID' });
    expect(validateCameraForm({ ...base, name: 'Küche 🚪', room: 'ห้องนั่งเล่น' })).toEqual({});
  });

  it('explains bounds and non-numbers', () => {
    const base = { ...newCameraForm('Standard'), name: 'a', 'videoConfig.source': 'nonsense' };
    const errors = validateCameraForm({ ...base, 'videoConfig.stimeout': '900', 'videoConfig.maxFPS': 'x', snapshotTimer: '0' });
    expect(errors['videoConfig.source']).toEqual({ key: 'validation.SOURCE_INVALID' });
    expect(errors['videoConfig.stimeout']).toEqual({ key: 'cameras:form.errors.tooBig', values: { max: 600 } });
    expect(errors.snapshotTimer).toEqual({ key: 'cameras:form.errors.tooSmall', values: { min: 1 } });
    expect(errors['videoConfig.maxFPS']).toEqual({ key: 'cameras:form.errors.notWholeNumber' });
  });

  it('shows the refused option of the source, codec and filter grammar, as the server names it', () => {
    const base = { ...newCameraForm('Standard'), name: 'a', 'videoConfig.source': '-vstats_file /tmp/x -i rtsp://cam/x' };
    const errors = validateCameraForm({ ...base, 'videoConfig.encoderOptions': '-y -f image2 /tmp/x', 'videoConfig.videoFilter': 'movie=/etc/passwd' });
    expect(errors['videoConfig.source']).toEqual({ key: 'cameras:form.errors.refused', values: { detail: expect.stringContaining('-vstats_file') as string } });
    expect(errors['videoConfig.encoderOptions']?.values?.detail).toContain('option -y');
    expect(errors['videoConfig.videoFilter']?.values?.detail).toContain('movie=/etc/passwd');
    const fromServer = issuesToErrors([{ path: 'videoConfig.vcodec', message: 'video codec: "x -y" is not allowed (allowed: copy, libx264)' }]);
    expect(fromServer['videoConfig.vcodec']).toEqual({ key: 'cameras:form.errors.refused', values: { detail: 'video codec: "x -y" is not allowed (allowed: copy, libx264)' } });
  });

  it('maps the server validation details onto fields', () => {
    expect(issuesToErrors([{ path: 'videoConfig.probeSize', message: 'PROBE_SIZE_INVALID' }, { path: 'name', message: 'Too long' }])).toEqual({
      'videoConfig.probeSize': { key: 'validation.PROBE_SIZE_INVALID' },
      name: { key: 'cameras:form.errors.invalid' },
    });
  });
});
