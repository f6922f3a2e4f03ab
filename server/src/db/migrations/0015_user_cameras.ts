import type { Kysely, Migration } from 'kysely';

/**
 * Issue 21, cameras per user: `users.cameras` is null for "every camera, also ones added later" (every user so
 * far) or a JSON array of the camera names the user may see. Names, as everything else refers to cameras by name;
 * a camera renamed or removed is renamed in or removed from every list (access/user-camera-lists.ts).
 */
export const userCameras: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('users').addColumn('cameras', 'text').execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('users').dropColumn('cameras').execute();
  },
};
