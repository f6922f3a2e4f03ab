import { z } from 'zod';

/** Times on the timeline API are epoch milliseconds (UTC). */
const epochMs = z.coerce.number().int().min(0).max(8_640_000_000_000);
export const TIMELINE_MAX_RANGE_MS = 7 * 86_400_000;
export const PLAYLIST_MAX_RANGE_MS = 86_400_000;
export const EXPORT_MAX_RANGE_MS = 86_400_000;
export const TIMELINE_MAX_CAMERAS = 32;

/** `a,b,c` (at most TIMELINE_MAX_CAMERAS names): the cameras of a multi-camera request. */
const cameraList = z
  .string()
  .max(4096)
  .transform((text) => [...new Set(text.split(',').map((name) => name.trim()).filter((name) => name.length > 0))])
  .refine((names) => names.length > 0 && names.length <= TIMELINE_MAX_CAMERAS, { message: 'CAMERAS_INVALID' });

/** `to` after `from`, at most `maxMs` later. */
const rangeCheck = (maxMs: number) => (q: { from: number; to: number }) => q.to > q.from && q.to - q.from <= maxMs;
const RANGE_INVALID = { message: 'RANGE_INVALID', path: ['to'] };

/** GET /api/timeline?cameras=a,b&from=&to=[&bucketMs=] */
export const timelineQuerySchema = z
  .object({
    from: epochMs,
    to: epochMs,
    cameras: cameraList,
    /** Width of a motion bucket; default: the range / 240, at least 10 s. */
    bucketMs: z.coerce.number().int().min(1000).max(86_400_000).optional(),
  })
  .refine(rangeCheck(TIMELINE_MAX_RANGE_MS), RANGE_INVALID);
export type TimelineQuery = z.infer<typeof timelineQuerySchema>;

/** GET /api/cameras/:name/recording/playlist.m3u8?from=&to= */
export const playlistQuerySchema = z.object({ from: epochMs, to: epochMs }).refine(rangeCheck(PLAYLIST_MAX_RANGE_MS), RANGE_INVALID);

/** GET /api/cameras/:name/recording/preview?at= : the keyframe of the minute `at` falls in. */
export const previewQuerySchema = z.object({ at: epochMs });

export const timeSpanSchema = z.object({ start: z.number(), end: z.number() });
export type TimeSpan = z.infer<typeof timeSpanSchema>;

export const timelineEventSchema = z.object({
  /** The recording's id (GET /api/recordings/:id). */
  id: z.string(),
  start: z.number(),
  end: z.number(),
  /** motion, doorbell (or the top analysis label). */
  label: z.string(),
  labels: z.array(z.string()),
  trigger: z.string(),
  /** Video: a clip, or a span of continuous footage; Snapshot: a picture. */
  type: z.string(),
});
export type TimelineEvent = z.infer<typeof timelineEventSchema>;

export const reviewItemSchema = z.object({
  id: z.string(),
  camera: z.string(),
  start: z.number(),
  end: z.number(),
  labels: z.array(z.string()),
  /** How many events the item merges. */
  events: z.number().int(),
  /** Reviewed by the caller (each user marks for themselves). */
  reviewed: z.boolean(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

export const cameraTimelineSchema = z.object({
  camera: z.string(),
  /** Footage held, merged where segments touch; `gaps` are the holes between `from` and `to`. */
  spans: z.array(timeSpanSchema),
  gaps: z.array(timeSpanSchema),
  /** Motion intensity per bucket (0–100: share of the bucket's footage with motion), from `from` in `bucketMs` steps. */
  motion: z.array(z.number()),
  events: z.array(timelineEventSchema),
  reviewItems: z.array(reviewItemSchema),
});
export type CameraTimeline = z.infer<typeof cameraTimelineSchema>;

export const timelineSchema = z.object({ from: z.number(), to: z.number(), bucketMs: z.number().int(), cameras: z.array(cameraTimelineSchema) });
export type Timeline = z.infer<typeof timelineSchema>;

/** GET /api/review?cameras=&from=&to=&reviewed=false&limit=&before= */
export const reviewListQuerySchema = z.object({
  cameras: cameraList.optional(),
  /** `false`: only the items the caller has not reviewed; `true`: only reviewed ones. */
  reviewed: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  from: epochMs.optional(),
  to: epochMs.optional(),
  /** Paging, newest first: items starting before this time. */
  before: epochMs.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>;

export const reviewListSchema = z.object({ result: z.array(reviewItemSchema), unreviewed: z.number().int(), nextBefore: z.number().nullable() });
export type ReviewList = z.infer<typeof reviewListSchema>;

export const reviewAllSchema = z.strictObject({ cameras: z.array(z.string().max(64)).max(TIMELINE_MAX_CAMERAS).optional(), before: z.number().int().min(0).optional() }).optional();
export const reviewAllResponseSchema = z.object({ marked: z.number().int() });

export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const exportSchema = z.object({
  id: z.string(),
  name: z.string(),
  camera: z.string(),
  from: z.number(),
  to: z.number(),
  status: z.enum(EXPORT_STATUSES),
  /** 0–1. */
  progress: z.number(),
  bytes: z.number(),
  durationMs: z.number(),
  ownerId: z.number().int(),
  createdAt: z.number(),
  error: z.string().nullable(),
  /** GET URL of the MP4 once done, else null. */
  download: z.string().nullable(),
});
export type ExportJob = z.infer<typeof exportSchema>;

const exportName = z.string().trim().min(1).max(120).regex(/^[^\p{Cc}/\\]+$/u, 'NAME_CHARACTERS_INVALID');

/** POST /api/exports: one MP4 per camera over the same range. */
export const exportRequestSchema = z
  .strictObject({
    cameras: z.array(z.string().min(1).max(64)).min(1).max(TIMELINE_MAX_CAMERAS),
    from: z.number().int().min(0),
    to: z.number().int().min(0),
    name: exportName.optional(),
  })
  .refine(rangeCheck(EXPORT_MAX_RANGE_MS), RANGE_INVALID);
export type ExportRequest = z.infer<typeof exportRequestSchema>;
export const exportPatchSchema = z.strictObject({ name: exportName });
export const exportListSchema = z.object({ result: z.array(exportSchema) });
export type ExportList = z.infer<typeof exportListSchema>;
