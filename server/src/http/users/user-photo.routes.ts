import { PHOTO_MAX_BYTES, userIdParamsSchema, userSchema } from '@homecam/shared';
import { AppError } from '../../errors/app-error.js';
import type { UserPhotoService } from '../../services/user-photo.service.js';
import { toUser } from '../../services/user.mapper.js';
import { AUTH_ERRORS, errorResponses } from '../schemas.js';
import { defineRoutes } from '../define-routes.js';

export const PHOTO_FIELD = 'photo';

export const userPhotoRoutes = defineRoutes<{ photos: UserPhotoService }>((app, { photos }) => {
  app.put(
    '/api/users/:id/photo',
    {
      config: { access: 'selfOrAdmin', sessionOnly: true },
      schema: {
        tags: ['users'],
        description: `multipart/form-data with one file field \`${PHOTO_FIELD}\`: JPEG, PNG, WebP or GIF, at most 2 MiB. Stored re-encoded (at most 512×512, JPEG stays JPEG, the rest becomes PNG); 400 IMAGE_UNREADABLE when it does not decode`,
        consumes: ['multipart/form-data'],
        params: userIdParamsSchema,
        response: { 200: userSchema, ...errorResponses(400, ...AUTH_ERRORS, 404, 413, 415, 503) },
      },
    },
    async (request) => {
      const file = await request.file({ limits: { fileSize: PHOTO_MAX_BYTES, files: 1 } });
      if (!file || file.fieldname !== PHOTO_FIELD) {
        throw new AppError('VALIDATION_FAILED', 'the photo is missing', [{ path: PHOTO_FIELD, message: 'FIELD_REQUIRED' }]);
      }
      // toBuffer() throws 413 (FST_REQ_FILE_TOO_LARGE) once the limit is passed; the handler maps it.
      const bytes = await file.toBuffer();
      return toUser(await photos.set(request.params.id, bytes));
    },
  );

  app.delete(
    '/api/users/:id/photo',
    {
      config: { access: 'selfOrAdmin', sessionOnly: true },
      schema: {
        tags: ['users'],
        params: userIdParamsSchema,
        response: { 200: userSchema, ...errorResponses(400, ...AUTH_ERRORS, 404) },
      },
    },
    async (request) => toUser(await photos.remove(request.params.id)),
  );
});
