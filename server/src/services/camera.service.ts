import {
  cameraNameKey,
  cameraSchema,
  cameraWriteSchema,
  CONFIG_FILE_ONLY_CAMERA_FIELDS,
  DEFAULT_ROOM,
  isAdmin,
  MEDIA_REFUSAL,
  mergePatch,
  type Camera,
  type Permission,
  type ValidationIssue,
} from '@homecam/shared';
import type { z } from 'zod';
import { AppError } from '../errors/app-error.js';
import { restoreMaskedSecrets } from '../config-rules/camera-secrets.js';
import { refuseLocalSourcesOfNonAdmin } from './camera-source-reach.js';
import { checkWebhookUrl, maskCameraForNonAdmin } from '../config-rules/camera-webhook.js';
import type { ConfigChangeOrigin, ConfigService } from './config.service.js';
import { assertConfigDepth } from '../config-rules/config-write-rules.js';
import { refuseOversizedText } from './text-caps.js';

/** A camera as config.json holds it: what the user or the UI wrote, without the defaults. */
type StoredCamera = Record<string, unknown> & { name: string };

export type CamerasChangeListener = (next: readonly Camera[], previous: readonly Camera[], origin: ConfigChangeOrigin) => void;

/** The source of a new demo camera: ffmpeg draws a test picture with a clock and plays a tone. */
export const DEMO_SOURCE = 'demo:';
export const DEMO_CAMERA_NAME = 'Demo';

function toIssues(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

function invalid(issues: ValidationIssue[]): AppError {
  // A refused media setting is named in the message too (`camera source: option -vstats_file is not allowed`).
  const media = issues.find((issue) => MEDIA_REFUSAL.test(issue.message));
  return new AppError('VALIDATION_FAILED', media ? `the camera is not valid: ${media.message}` : 'the camera is not valid', issues);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function requireObject(value: unknown): Record<string, unknown> {
  if (!isObject(value)) throw invalid([{ path: '', message: 'FIELD_REQUIRED' }]);
  return value;
}

/** A camera written through the API: the schema plus the media grammar (sources, codec, filters, maps). */
function parseCamera(value: unknown): Camera {
  const result = cameraWriteSchema.safeParse(value);
  if (!result.success) throw invalid(toIssues(result.error));
  return result.data;
}

const sameName = (a: string, b: string): boolean => cameraNameKey(a) === cameraNameKey(b);

/**
 * The cameras of config.json: list, get, create, update (JSON merge patch), delete, demo, room moves.
 * Every change is a serialised read-modify-write through the ConfigService, so the API, PATCH /api/config and
 * a hand edit of the file are the same thing; subscribers (the stream hub) hear about it through onChange.
 * The file keeps what was written: defaults are applied when reading, never written back.
 */
export class CameraService {
  private cache: Camera[] | null = null;

  constructor(private readonly config: ConfigService) {
    config.onChange(() => {
      this.cache = null;
    });
  }

  /** The cameras with their defaults, in file order. Shared objects: do not mutate. */
  list(): readonly Camera[] {
    this.cache ??= this.config.get().cameras.map((camera) => cameraSchema.parse(camera));
    return this.cache;
  }

  /** Names are matched like the uniqueness rule: trimmed, case-insensitive. */
  find(name: string): Camera | undefined {
    return this.list().find((camera) => sameName(camera.name, name));
  }

  get(name: string): Camera {
    const camera = this.find(name);
    if (!camera) throw new AppError('CAMERA_NOT_FOUND', 'camera not found');
    return camera;
  }

  /** Calls the listener after every config change that changed the cameras. Returns the unsubscribe. */
  onChange(listener: CamerasChangeListener): () => void {
    return this.config.onChange((next, previous, origin) => {
      if (JSON.stringify(next.cameras) === JSON.stringify(previous.cameras)) return;
      listener(
        next.cameras.map((camera) => cameraSchema.parse(camera)),
        previous.cameras.map((camera) => cameraSchema.parse(camera)),
        origin,
      );
    });
  }

  /**
   * What a caller may see: admins get the camera as stored, everyone else with the credentials inside its
   * sources (and any other URL) masked, and the webhook URL masked as a whole.
   */
  present(camera: Camera, permissions: readonly Permission[]): Camera {
    return isAdmin([...permissions]) ? camera : maskCameraForNonAdmin(camera);
  }

  /**
   * `admin`: whether the caller is one (only admins set a webhook URL or a loopback source); internal callers are trusted. `origin`:
   * who asked (the audit trail names them), on every change below.
   */
  async create(input: unknown, admin = true, origin: ConfigChangeOrigin = {}): Promise<Camera> {
    const body = checkWebhookUrl(requireObject(input), '', admin);
    assertConfigDepth(body, 2);
    refuseOversizedText(body, undefined);
    this.refuseConfigFileOnly(body, {});
    const camera = parseCamera(body);
    refuseLocalSourcesOfNonAdmin(body, undefined, admin);
    const stored: StoredCamera = { ...body, name: camera.name };
    if (body.room !== undefined) stored.room = camera.room;
    await this.config.updateSection('cameras', (current) => {
      const cameras = current as StoredCamera[];
      if (cameras.some((c) => sameName(c.name, camera.name))) throw new AppError('CAMERA_EXISTS', 'camera already exists');
      return [...cameras, stored];
    }, origin);
    return this.get(camera.name);
  }

  /**
   * Applies a JSON merge patch to the stored camera. Masked secrets sent back keep the stored ones; the
   * config-file-only fields (spec §5) cannot be changed here. A new `name` renames the camera.
   */
  async update(name: string, input: unknown, admin = true, origin: ConfigChangeOrigin = {}): Promise<Camera> {
    const body = requireObject(input);
    // Before the recursive secret restore and merge walk it: a camera sits two levels into config.json.
    assertConfigDepth(body, 2);
    let renamedTo = name;
    await this.config.updateSection('cameras', (current) => {
      const cameras = current as StoredCamera[];
      const index = cameras.findIndex((c) => sameName(c.name, name));
      const stored = cameras[index];
      if (!stored) throw new AppError('CAMERA_NOT_FOUND', 'camera not found');
      // Before the secrets are restored: a masked text is compared with what is stored, at the text's length.
      refuseOversizedText(body, stored);
      const own = checkWebhookUrl(body, typeof stored.webhookUrl === 'string' ? stored.webhookUrl : '', admin);
      const patch = restoreMaskedSecrets(own, stored) as Record<string, unknown>;
      this.refuseConfigFileOnly(patch, stored);
      const merged = mergePatch(stored, patch) as StoredCamera;
      const camera = parseCamera(merged);
      refuseLocalSourcesOfNonAdmin(merged, stored, admin);
      merged.name = camera.name;
      if (patch.room !== undefined) merged.room = camera.room;
      if (cameras.some((c, i) => i !== index && sameName(c.name, camera.name))) {
        throw new AppError('CAMERA_EXISTS', 'camera already exists');
      }
      renamedTo = camera.name;
      cameras[index] = merged;
      return cameras;
    }, origin);
    return this.get(renamedTo);
  }

  async delete(name: string, origin: ConfigChangeOrigin = {}): Promise<void> {
    await this.config.updateSection('cameras', (current) => {
      const cameras = current as StoredCamera[];
      const kept = cameras.filter((c) => !sameName(c.name, name));
      if (kept.length === cameras.length) throw new AppError('CAMERA_NOT_FOUND', 'camera not found');
      return kept;
    }, origin);
  }

  /** Adds a camera named 'Demo' (else 'Demo 2', 'Demo 3', ...) whose picture ffmpeg generates. */
  async createDemo(origin: ConfigChangeOrigin = {}): Promise<Camera> {
    let name = DEMO_CAMERA_NAME;
    await this.config.updateSection('cameras', (current) => {
      const cameras = current as StoredCamera[];
      for (let n = 2; cameras.some((c) => sameName(c.name, name)); n++) name = `${DEMO_CAMERA_NAME} ${n}`;
      return [...cameras, { name, videoConfig: { source: DEMO_SOURCE } }];
    }, origin);
    return this.get(name);
  }

  /** Cameras per room name key (trimmed, lower case); `counted`: which cameras count (issue 21: a user's). */
  countByRoom(counted: (camera: Camera) => boolean = () => true): Map<string, { room: string; cameras: number }> {
    const rooms = new Map<string, { room: string; cameras: number }>();
    for (const camera of this.list().filter(counted)) {
      const key = cameraNameKey(camera.room);
      const entry = rooms.get(key) ?? { room: camera.room, cameras: 0 };
      entry.cameras += 1;
      rooms.set(key, entry);
    }
    return rooms;
  }

  /** Moves every camera of room `from` (any case) into room `to`; returns how many moved. */
  async moveRoom(from: string, to: string, origin: ConfigChangeOrigin = {}): Promise<number> {
    const key = cameraNameKey(from);
    if (!this.list().some((camera) => cameraNameKey(camera.room) === key)) return 0;
    let moved = 0;
    await this.config.updateSection('cameras', (current) => {
      const cameras = current as StoredCamera[];
      return cameras.map((stored) => {
        const room = typeof stored.room === 'string' ? stored.room : DEFAULT_ROOM;
        if (cameraNameKey(room) !== key) return stored;
        moved += 1;
        return { ...stored, room: to };
      });
    }, origin);
    return moved;
  }

  private refuseConfigFileOnly(patch: Record<string, unknown>, stored: Record<string, unknown>): void {
    const issues = CONFIG_FILE_ONLY_CAMERA_FIELDS.filter(
      (field) => patch[field] !== undefined && JSON.stringify(patch[field]) !== JSON.stringify(stored[field]),
    ).map((field) => ({ path: field, message: 'only the config file can change this field' }));
    if (issues.length > 0) throw invalid(issues);
  }
}
