import type { NotificationRepository } from '../repositories/notification.repository.js';

/** The foundation only needs the badge count; the notifications issue adds the rest. */
export class NotificationService {
  constructor(private readonly notifications: NotificationRepository) {}

  count(): Promise<number> {
    return this.notifications.count();
  }
}
