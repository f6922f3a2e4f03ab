import { cameraNameKey, type Camera, type ConfigFile } from '@homecam/shared';
import type { ConfigChangeOrigin } from '../services/config.service.js';
import { bySubject, byText, quote, type AuditEntry } from './audit-record.js';

/**
 * Camera and settings changes from any path (camera pages, the config editor, rooms, HomeKit or MQTT switches, a hand
 * edit of config.json), told from the change itself: which cameras came, went or changed, and which keys. Values are
 * never written: a source or a token may be one of them.
 */

/** At most this many changed keys are named in one line. */
const MAX_KEYS = 10;

function originText(origin: ConfigChangeOrigin): string {
  if (origin.by) return byText(origin.by);
  if (origin.via) return ` via ${origin.via}`;
  return origin.fromFile ? ' in config.json on disk' : '';
}

function originSubject(origin: ConfigChangeOrigin): Record<string, unknown> {
  return { ...bySubject(origin.by), ...(origin.via && { via: origin.via }), ...(origin.fromFile && { via: 'config.json' }) };
}

/** The keys whose values differ (objects compared as JSON), each bounded: unknown keys are anybody's text. */
function changedKeys(next: Record<string, unknown>, previous: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(next), ...Object.keys(previous)]);
  return [...keys]
    .filter((key) => JSON.stringify(next[key]) !== JSON.stringify(previous[key]))
    .sort()
    .map((key) => (key.length > 60 ? `${key.slice(0, 60)}…` : key));
}

function keyList(keys: readonly string[]): string {
  return keys.length > MAX_KEYS ? `${keys.slice(0, MAX_KEYS).join(', ')} and ${keys.length - MAX_KEYS} more` : keys.join(', ');
}

function byKey(cameras: readonly Camera[]): Map<string, Camera> {
  return new Map(cameras.map((camera) => [cameraNameKey(camera.name), camera]));
}

/** One camera removed and one added, identical but for the name: a rename. */
function renamed(added: Camera[], removed: Camera[]): { from: Camera; to: Camera } | null {
  const [to] = added;
  const [from] = removed;
  if (added.length !== 1 || removed.length !== 1 || !to || !from) return null;
  return changedKeys({ ...to, name: '' }, { ...from, name: '' }).length === 0 ? { from, to } : null;
}

export function cameraChanges(next: readonly Camera[], previous: readonly Camera[], origin: ConfigChangeOrigin): AuditEntry[] {
  const before = byKey(previous);
  const after = byKey(next);
  const added = next.filter((camera) => !before.has(cameraNameKey(camera.name)));
  const removed = previous.filter((camera) => !after.has(cameraNameKey(camera.name)));
  const how = originText(origin);
  const who = originSubject(origin);
  const entries: AuditEntry[] = [];
  const line = (camera: string, message: string, more: Record<string, unknown> = {}): void =>
    void entries.push({ level: 'info', source: 'camera', subject: { camera, ...more, ...who }, message: `camera ${quote(camera)} ${message}${how}` });
  const rename = renamed(added, removed);
  if (rename) {
    line(rename.to.name, `renamed from ${quote(rename.from.name)}`, { previousName: rename.from.name });
  } else {
    for (const camera of added) line(camera.name, 'added');
    for (const camera of removed) line(camera.name, 'removed');
  }
  for (const camera of next) {
    const old = before.get(cameraNameKey(camera.name));
    if (!old) continue;
    const keys = changedKeys(camera, old);
    if (keys.length > 0) line(camera.name, `changed (${keyList(keys)})`, { changed: keys.slice(0, MAX_KEYS) });
  }
  return entries;
}

/** `section` or `section.key` (one level into objects) for every changed setting outside the cameras. */
function changedSettings(next: ConfigFile, previous: ConfigFile): string[] {
  const now = next as Record<string, unknown>;
  const then = previous as Record<string, unknown>;
  return changedKeys(now, then)
    .filter((section) => section !== 'cameras')
    .flatMap((section) => {
      const a = now[section];
      const b = then[section];
      const objects = typeof a === 'object' && a !== null && !Array.isArray(a) && typeof b === 'object' && b !== null && !Array.isArray(b);
      return objects ? changedKeys(a as Record<string, unknown>, b as Record<string, unknown>).map((key) => `${section}.${key}`) : [section];
    });
}

export function settingsChange(next: ConfigFile, previous: ConfigFile, origin: ConfigChangeOrigin): AuditEntry | null {
  const keys = changedSettings(next, previous);
  if (keys.length === 0) return null;
  const subject = { changed: keys.slice(0, MAX_KEYS), ...originSubject(origin) };
  return { level: 'info', source: 'system', subject, message: `settings changed${originText(origin)}: ${keyList(keys)}` };
}
