import { z } from 'zod';

/**
 * AWS regions that offer Rekognition (DetectLabels). A closed list: the region becomes part of the endpoint's
 * host name the server calls, so nothing typed may reach it unparsed.
 */
export const REKOGNITION_REGIONS = [
  'us-east-1',
  'us-east-2',
  'us-west-1',
  'us-west-2',
  'ca-central-1',
  'eu-central-1',
  'eu-west-1',
  'eu-west-2',
  'eu-south-2',
  'ap-south-1',
  'ap-northeast-1',
  'ap-northeast-2',
  'ap-southeast-1',
  'ap-southeast-2',
  'il-central-1',
  'us-gov-west-1',
] as const;
export type RekognitionRegion = (typeof REKOGNITION_REGIONS)[number];

/** camera.ui's default monthly budget of calls. */
export const REKOGNITION_DEFAULT_CONTINGENT = 5000;
export const REKOGNITION_MAX_CONTINGENT = 1_000_000;
export const REKOGNITION_DEFAULT_REGION: RekognitionRegion = 'us-east-1';

/**
 * GET /api/settings/rekognition (admin). The secret is never sent (only whether it is set); the access key id is
 * masked but for its last 4 characters. `contingentLeft` = total − calls this month (UTC); `lastCall` ISO or null.
 */
export const rekognitionSettingsSchema = z.object({
  active: z.boolean(),
  accessKeyId: z.string().nullable(),
  secretAccessKeySet: z.boolean(),
  region: z.enum(REKOGNITION_REGIONS),
  contingentTotal: z.number().int(),
  contingentLeft: z.number().int(),
  lastCall: z.string().nullable(),
});
export type RekognitionSettings = z.infer<typeof rekognitionSettingsSchema>;

/** AWS access key ids are 16–128 upper-case letters and digits (AKIA…, ASIA…). */
const accessKeyIdSchema = z.string().regex(/^[A-Z0-9]{16,128}$/);
/** Secrets are 40 base64-like characters today; allow some room, never control characters or blanks. */
const secretSchema = z.string().regex(/^[A-Za-z0-9/+=]{16,128}$/);

/**
 * PATCH /api/settings/rekognition (admin), strict: absent keeps, a string sets, null or '' clears (key id and
 * secret). Changing the total recomputes what is left this month (total − used), as camera.ui did. The result
 * must not be switched on without both keys (409 REKOGNITION_KEYS_MISSING, nothing written).
 */
export const rekognitionSettingsPatchSchema = z.strictObject({
  active: z.boolean().optional(),
  accessKeyId: z.union([z.literal(''), accessKeyIdSchema]).nullable().optional(),
  secretAccessKey: z.union([z.literal(''), secretSchema]).nullable().optional(),
  region: z.enum(REKOGNITION_REGIONS).optional(),
  contingentTotal: z.number().int().min(0).max(REKOGNITION_MAX_CONTINGENT).optional(),
});
export type RekognitionSettingsPatch = z.infer<typeof rekognitionSettingsPatchSchema>;
