import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Notifications are written by a later issue; the foundation only needs the badge count. */
export class NotificationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
