import type { Migration, MigrationProvider } from 'kysely';
import { init } from './0001_init.js';
import { rooms } from './0002_rooms.js';
import { events } from './0003_events.js';
import { push } from './0004_push.js';
import { recordingRoot } from './0005_recording_root.js';
import { pushLanguage } from './0006_push_language.js';
import { dashboardLayouts } from './0007_dashboard_layouts.js';
import { rekognitionUsage } from './0008_rekognition_usage.js';
import { eventLabels } from './0009_event_labels.js';
import { continuousIndex } from './0010_continuous_index.js';
import { recordingSpans } from './0011_recording_spans.js';
import { secondFactor } from './0012_second_factor.js';
import { passkeys } from './0013_passkeys.js';
import { apiTokens } from './0014_api_tokens.js';
import { userCameras } from './0015_user_cameras.js';

/**
 * Migrations are listed in code rather than read from a folder, so the built server needs no
 * file globbing and the order is explicit. Names sort lexically; never rename or edit a shipped one.
 */
const migrations: Record<string, Migration> = {
  '0001_init': init,
  '0002_rooms': rooms,
  '0003_events': events,
  '0004_push': push,
  '0005_recording_root': recordingRoot,
  '0006_push_language': pushLanguage,
  '0007_dashboard_layouts': dashboardLayouts,
  '0008_rekognition_usage': rekognitionUsage,
  '0009_event_labels': eventLabels,
  '0010_continuous_index': continuousIndex,
  '0011_recording_spans': recordingSpans,
  '0012_second_factor': secondFactor,
  '0013_passkeys': passkeys,
  '0014_api_tokens': apiTokens,
  '0015_user_cameras': userCameras,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};

/** The schema version of a database: how many migrations it has applied (backups record and compare it). */
export const SCHEMA_VERSION = Object.keys(migrations).length;
