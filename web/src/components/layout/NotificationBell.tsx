import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../routing/route-table';
import { useNotificationCount } from '../../hooks/use-notification-count';
import { useRouteAccess } from '../../hooks/use-permissions';
import { BellIcon } from '../ui/icons';
import { formatBadge } from './badge-format';

/** The navbar bell (spec §2): only with notifications:access; a dot at 0, the count up to 99+. */
export function NotificationBell({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const canOpen = useRouteAccess();
  const count = useNotificationCount();
  if (!canOpen('notifications')) return null;
  const badge = formatBadge(count);
  return (
    <Link
      to={ROUTES.notifications.path}
      data-testid="notification-bell"
      aria-label={t('nav.notificationsWithCount', { total: count })}
      className={`relative inline-flex items-center justify-center rounded-lg text-foreground hover:bg-muted ${compact ? 'h-8 w-8' : 'h-10 w-10'}`}
    >
      <BellIcon />
      {badge.kind === 'dot' ? (
        <span
          data-testid="notification-badge"
          data-badge="dot"
          className="absolute right-2 top-2 h-2 w-2 rounded-full bg-primary"
        />
      ) : (
        <span
          data-testid="notification-badge"
          data-badge="count"
          className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-primary px-1 text-center text-[11px] leading-5 font-semibold text-primary-foreground"
        >
          {badge.text}
        </span>
      )}
    </Link>
  );
}
