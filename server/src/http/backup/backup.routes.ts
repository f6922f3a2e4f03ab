import {
  automaticBackupListSchema,
  automaticBackupParamsSchema,
  backupDownloadQuerySchema,
  BACKUP_RESTORE_MAX_BYTES,
  isAdmin,
  restoreResponseSchema,
} from '@homecam/shared';
import { z } from 'zod';
import { AppError, isAppError } from '../../errors/app-error.js';
import type { EventBus } from '../../events/event-bus.js';
import type { BackupService } from '../../services/backup.service.js';
import { defineRoutes } from '../define-routes.js';
import { actorOf, cameraScopeOf, requireAuth } from '../request-auth.js';
import { AUTH_ERRORS, errorResponses } from '../schemas.js';
import { openRestoreUpload } from './restore-upload.js';

const DOWNLOAD = { anyOf: ['backup:download'] } as const;
const RESTORE = { anyOf: ['backup:restore'] } as const;
/** The multipart field of the uploaded archive. */
export const RESTORE_FIELD = 'file';

/** Downloads and restores are told to the bus for the audit trail (who, what); the service does the work. */
export const backupRoutes = defineRoutes<{ backup: BackupService; bus: EventBus }>((app, { backup, bus }) => {
  app.get(
    '/api/backup/download',
    {
      config: { access: DOWNLOAD },
      schema: {
        tags: ['backup'],
        description:
          'A gzip tar streamed as it is made: manifest.json, database.sqlite (online copy), config.json, photos/ and with ?recordings=true ' +
          'recordings/ (every clip, whatever its size). Non-admins get it without secrets, password hashes, sessions and push keys.',
        querystring: backupDownloadQuerySchema,
        response: { 200: z.unknown().describe('the archive as an attachment'), ...errorResponses(400, ...AUTH_ERRORS) },
      },
    },
    async (request, reply) => {
      const admin = isAdmin(requireAuth(request).user.permissions);
      const recordings = request.query.recordings === 'true';
      const { stream, fileName } = await backup.download({ isAdmin: admin, recordings, localStorage: request.query.localStorage, scope: cameraScopeOf(request) });
      bus.publish('BackupDownloaded', { by: actorOf(request), what: 'archive', recordings, redacted: !admin, name: fileName });
      return reply
        .type('application/gzip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  app.post(
    '/api/backup/restore',
    {
      config: { access: RESTORE },
      schema: {
        tags: ['backup'],
        description:
          `multipart/form-data with exactly one part, the file field \`${RESTORE_FIELD}\`: an archive from /api/backup/download. Checked in a ` +
          'worker thread before anything changes (layout, links, every file listed and hashed in the manifest, nothing after the tar end, sizes, ' +
          'schema version, config.json by the rules of PUT /api/config, database integrity); non-admins may restore only archives this install ' +
          'made, and keep the live accounts and secrets. 202: staged; the server restarts and swaps it in, the previous data kept in ' +
          'restore-previous-<time>; everybody signs in again.',
        consumes: ['multipart/form-data'],
        response: { 202: restoreResponseSchema, ...errorResponses(400, ...AUTH_ERRORS, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      if (cameraScopeOf(request).limited) {
        // Issue 21: an archive replaces every camera's data; refused before a byte of it is read.
        bus.publish('RestoreRequested', { by: actorOf(request), outcome: { refused: 'FORBIDDEN' } });
        throw new AppError('FORBIDDEN', 'a user limited to some cameras cannot restore a backup');
      }
      const upload = await openRestoreUpload(request, RESTORE_FIELD, BACKUP_RESTORE_MAX_BYTES);
      const declared = Number(request.headers['content-length']);
      const by = actorOf(request);
      try {
        const result = await backup.restore({
          upload: upload.stream,
          truncated: upload.truncated,
          uploaded: upload.finish,
          declaredBytes: Number.isFinite(declared) ? declared : undefined,
          isAdmin: isAdmin(user.permissions),
          userId: user.id,
        });
        bus.publish('RestoreRequested', { by, outcome: 'staged' });
        return await reply.code(202).send(result);
      } catch (error) {
        bus.publish('RestoreRequested', { by, outcome: { refused: isAppError(error) ? error.code : 'INTERNAL' } });
        throw error;
      }
    },
  );

});

/** The daily database copies: list and download. */
export const automaticBackupRoutes = defineRoutes<{ backup: BackupService; bus: EventBus }>((app, { backup, bus }) => {
  app.get(
    '/api/backup/automatic',
    {
      config: { access: DOWNLOAD },
      schema: { tags: ['backup'], description: 'The daily database copies (12:00, the newest 7), newest first.', response: { 200: automaticBackupListSchema, ...errorResponses(...AUTH_ERRORS) } },
    },
    () => backup.listAutomatic(),
  );

  app.get(
    '/api/backup/automatic/:name',
    {
      config: { access: DOWNLOAD },
      schema: {
        tags: ['backup'],
        description: 'One daily copy (SQLite). Non-admins get a copy without password hashes, sessions and push keys.',
        params: automaticBackupParamsSchema,
        response: { 200: z.unknown(), ...errorResponses(400, ...AUTH_ERRORS, 404) },
      },
    },
    async (request, reply) => {
      const admin = isAdmin(requireAuth(request).user.permissions);
      const { stream, size } = await backup.openAutomatic(request.params.name, admin, cameraScopeOf(request));
      bus.publish('BackupDownloaded', { by: actorOf(request), what: 'daily', recordings: false, redacted: !admin, name: request.params.name });
      return reply
        .type('application/vnd.sqlite3')
        .header('content-length', String(size))
        .header('content-disposition', `attachment; filename="${request.params.name}"`)
        .send(stream);
    },
  );
});
