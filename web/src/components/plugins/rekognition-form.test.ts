import type { RekognitionSettings } from '@homecam/shared';
import { describe, expect, it } from 'vitest';
import { draftIssues, draftOf, patchOf } from './rekognition-form';

const stored: RekognitionSettings = {
  active: false,
  accessKeyId: '••••MPLE',
  secretAccessKeySet: true,
  region: 'us-east-1',
  contingentTotal: 5000,
  contingentLeft: 4990,
  lastCall: null,
};

describe('Rekognition form', () => {
  it('sends nothing for an untouched form: the masked key id and the secret are kept', () => {
    expect(patchOf(stored, draftOf(stored))).toEqual({});
  });

  it('sends only what changed; Clear sends null for the secret', () => {
    const draft = { ...draftOf(stored), active: true, accessKeyId: ' AKIAIOSFODNN7EXAMPLE ', region: 'eu-west-1' as const, contingentTotal: '100' };
    expect(patchOf(stored, { ...draft, secret: { mode: 'clear' } })).toEqual({
      active: true,
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: null,
      region: 'eu-west-1',
      contingentTotal: 100,
    });
    expect(patchOf(stored, { ...draftOf(stored), secret: { mode: 'replace', value: 'wJalrXUtnFEMI/K7MDENG' } })).toEqual({ secretAccessKey: 'wJalrXUtnFEMI/K7MDENG' });
  });

  it('flags what the server would refuse', () => {
    const draft = { ...draftOf(stored), accessKeyId: 'akia-lower', secret: { mode: 'replace', value: 'short' } as const, contingentTotal: '-1' };
    expect(draftIssues(draft, stored)).toEqual({ accessKeyId: true, secret: true, contingentTotal: true, keysMissing: false });
    expect(draftIssues(draftOf(stored), stored)).toEqual({ accessKeyId: false, secret: false, contingentTotal: false, keysMissing: false });
  });

  it('switching on needs a key id and a secret after saving (issue 17)', () => {
    const none: RekognitionSettings = { ...stored, accessKeyId: null, secretAccessKeySet: false };
    expect(draftIssues({ ...draftOf(none), active: true }, none).keysMissing).toBe(true);
    expect(draftIssues({ ...draftOf(none), active: true, accessKeyId: 'AKIAIOSFODNN7EXAMPLE' }, none).keysMissing).toBe(true);
    expect(draftIssues({ ...draftOf(none), active: true, accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secret: { mode: 'replace', value: 'wJalrXUtnFEMI/K7MDENG' } }, none).keysMissing).toBe(false);
    expect(draftIssues({ ...draftOf(stored), active: true }, stored).keysMissing).toBe(false);
    expect(draftIssues({ ...draftOf(stored), active: true, removeKeyId: true }, stored).keysMissing).toBe(true);
    expect(draftIssues({ ...draftOf(stored), active: true, secret: { mode: 'clear' } }, stored).keysMissing).toBe(true);
  });

  it('removes a stored key id with null, and only when one is stored', () => {
    expect(patchOf(stored, { ...draftOf(stored), removeKeyId: true })).toEqual({ accessKeyId: null });
    expect(patchOf({ ...stored, accessKeyId: null }, { ...draftOf(stored), removeKeyId: true })).toEqual({});
  });
});
