import { describe, expect, it } from 'vitest';
import { cameraSchema, MASKED_SECRET } from '@homecam/shared';
import { cameraToForm, formToInput, formToPatch, newCameraForm } from './camera-form';

const base = { name: 'Porch', room: 'Outside', videoConfig: { source: 'rtsp://10.0.0.5/main' } };

describe('camera form: the notification fields', () => {
  it('ticks every channel when the camera lists none, and sends nothing when that is left alone', () => {
    const initial = cameraToForm(cameraSchema.parse(base));
    expect(initial.alertChannels).toBe('push,telegram,webhook,alexa,mqtt');
    expect(formToPatch(initial, { ...initial })).toEqual({});
    expect(formToInput(newCameraForm('Outside'))).not.toHaveProperty('alertChannels');
  });

  it('sends the ticked channels as a list, none ticked as an empty list', () => {
    const initial = cameraToForm(cameraSchema.parse(base));
    expect(formToPatch(initial, { ...initial, alertChannels: 'push,mqtt' })).toEqual({ alertChannels: ['push', 'mqtt'] });
    expect(formToPatch(initial, { ...initial, alertChannels: '' })).toEqual({ alertChannels: [] });
  });

  it('edits Rekognition labels as comma-separated words and confidence as a number', () => {
    const camera = cameraSchema.parse({ ...base, rekognition: { active: true, confidence: 80, labels: ['person', 'car'] } });
    const initial = cameraToForm(camera);
    expect(initial['rekognition.labels']).toBe('person, car');
    expect(initial['rekognition.confidence']).toBe('80');
    const patch = formToPatch(initial, { ...initial, 'rekognition.labels': ' person,  dog ,', 'rekognition.confidence': '95' });
    expect(patch).toEqual({ rekognition: { labels: ['person', 'dog'], confidence: 95 } });
  });

  it('leaves a masked webhook URL out of the patch while it is untouched', () => {
    const initial = cameraToForm(cameraSchema.parse({ ...base, webhookUrl: MASKED_SECRET }));
    expect(initial.webhookUrl).toBe(MASKED_SECRET);
    expect(formToPatch(initial, { ...initial, alexa: true })).toEqual({ alexa: true });
  });
});
