import { rekognitionSettingsPatchSchema, type RekognitionRegion, type RekognitionSettings, type RekognitionSettingsPatch } from '@homecam/shared';
import type { SecretChoice } from './SecretField';

export interface RekognitionDraft {
  active: boolean;
  /** A new key id; empty keeps the stored one. */
  accessKeyId: string;
  secret: SecretChoice;
  region: RekognitionRegion;
  contingentTotal: string;
}

export function draftOf(settings: RekognitionSettings): RekognitionDraft {
  return { active: settings.active, accessKeyId: '', secret: { mode: 'keep' }, region: settings.region, contingentTotal: String(settings.contingentTotal) };
}

export interface DraftIssues {
  accessKeyId: boolean;
  secret: boolean;
  contingentTotal: boolean;
}

const shape = rekognitionSettingsPatchSchema.shape;

/** Which fields the server would refuse (the same shared schema). */
export function draftIssues(draft: RekognitionDraft): DraftIssues {
  return {
    accessKeyId: draft.accessKeyId.trim() !== '' && !shape.accessKeyId.safeParse(draft.accessKeyId.trim()).success,
    secret: draft.secret.mode === 'replace' && !shape.secretAccessKey.safeParse(draft.secret.value).success,
    contingentTotal: draft.contingentTotal.trim() === '' || !shape.contingentTotal.safeParse(Number(draft.contingentTotal)).success,
  };
}

/** Only what changed: absent keeps on the server, null clears. */
export function patchOf(initial: RekognitionSettings, draft: RekognitionDraft): RekognitionSettingsPatch {
  const patch: RekognitionSettingsPatch = {};
  if (draft.active !== initial.active) patch.active = draft.active;
  if (draft.accessKeyId.trim() !== '') patch.accessKeyId = draft.accessKeyId.trim();
  if (draft.secret.mode === 'replace') patch.secretAccessKey = draft.secret.value;
  if (draft.secret.mode === 'clear') patch.secretAccessKey = null;
  if (draft.region !== initial.region) patch.region = draft.region;
  const total = Number(draft.contingentTotal);
  if (total !== initial.contingentTotal) patch.contingentTotal = total;
  return patch;
}
