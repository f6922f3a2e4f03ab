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
    expect(draftIssues(draft)).toEqual({ accessKeyId: true, secret: true, contingentTotal: true });
    expect(draftIssues(draftOf(stored))).toEqual({ accessKeyId: false, secret: false, contingentTotal: false });
  });
});
