import { rekognitionSettingsPatchSchema, type RekognitionRegion, type RekognitionSettings, type RekognitionSettingsPatch } from '@homecam/shared';
import type { SecretChoice } from '../ui/SecretField';

export interface RekognitionDraft {
  active: boolean;
  /** A new key id; empty keeps the stored one (unless `removeKeyId`). */
  accessKeyId: string;
  /** Remove the stored key id on save. */
  removeKeyId: boolean;
  secret: SecretChoice;
  region: RekognitionRegion;
  contingentTotal: string;
}

export function draftOf(settings: RekognitionSettings): RekognitionDraft {
  return { active: settings.active, accessKeyId: '', removeKeyId: false, secret: { mode: 'keep' }, region: settings.region, contingentTotal: String(settings.contingentTotal) };
}

export interface DraftIssues {
  accessKeyId: boolean;
  secret: boolean;
  contingentTotal: boolean;
  /** Switched on, but after saving there would be no key id or no secret (the server answers REKOGNITION_KEYS_MISSING). */
  keysMissing: boolean;
}

const shape = rekognitionSettingsPatchSchema.shape;

/** Which fields the server would refuse (the same shared schema and the same rule: on needs both keys). */
export function draftIssues(draft: RekognitionDraft, settings: RekognitionSettings): DraftIssues {
  const keyIdAfter = draft.accessKeyId.trim() !== '' || (!draft.removeKeyId && settings.accessKeyId !== null);
  const secretAfter = draft.secret.mode === 'replace' ? draft.secret.value !== '' : draft.secret.mode === 'keep' && settings.secretAccessKeySet;
  return {
    accessKeyId: draft.accessKeyId.trim() !== '' && !shape.accessKeyId.safeParse(draft.accessKeyId.trim()).success,
    secret: draft.secret.mode === 'replace' && !shape.secretAccessKey.safeParse(draft.secret.value).success,
    contingentTotal: draft.contingentTotal.trim() === '' || !shape.contingentTotal.safeParse(Number(draft.contingentTotal)).success,
    keysMissing: draft.active && !(keyIdAfter && secretAfter),
  };
}

/** Only what changed: absent keeps on the server, null clears. */
export function patchOf(initial: RekognitionSettings, draft: RekognitionDraft): RekognitionSettingsPatch {
  const patch: RekognitionSettingsPatch = {};
  if (draft.active !== initial.active) patch.active = draft.active;
  if (draft.accessKeyId.trim() !== '') patch.accessKeyId = draft.accessKeyId.trim();
  else if (draft.removeKeyId && initial.accessKeyId !== null) patch.accessKeyId = null;
  if (draft.secret.mode === 'replace') patch.secretAccessKey = draft.secret.value;
  if (draft.secret.mode === 'clear') patch.secretAccessKey = null;
  if (draft.region !== initial.region) patch.region = draft.region;
  const total = Number(draft.contingentTotal);
  if (total !== initial.contingentTotal) patch.contingentTotal = total;
  return patch;
}
