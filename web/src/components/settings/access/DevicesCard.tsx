import { useTranslation } from 'react-i18next';
import type { SessionInfo } from '@homecam/shared';
import { useEndOtherSessions, useEndSession, useSessions } from '../../../hooks/use-access';
import { useToast } from '../../../hooks/use-toast';
import { formatTime } from '../../../lib/event-format';
import { QueryStatus } from '../../layout/QueryStatus';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { ConfirmDialog, useConfirm } from '../../ui/ConfirmDialog';
import { LogoutIcon } from '../../ui/icons';

/**
 * Issue 21: a user's signed-in devices (Settings → Account for one's own, Settings → Users for an admin). Each row:
 * browser and OS, address, signed in, last seen; the caller's own is marked and has no sign-out here (the menu's
 * sign-out is for that). Signing a device out closes its live streams at once and sends it to the sign-in page.
 */
export function DevicesCard({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const toast = useToast();
  const sessions = useSessions(userId);
  const end = useEndSession(userId);
  const endOthers = useEndOtherSessions(userId);
  const confirmOthers = useConfirm(
    (close) =>
      endOthers.mutate(undefined, {
        onSuccess: ({ ended }) => toast.success(t('access:devices.endedOthers', { count: ended })),
        onError: toast.apiError,
        onSettled: close,
      }),
    { stayOpen: true },
  );
  const others = sessions.data?.filter((session) => !session.current) ?? [];

  function endOne(session: SessionInfo) {
    end.mutate(session.id, { onSuccess: () => toast.success(t('access:devices.ended')), onError: toast.apiError });
  }

  return (
    <Card title={t('access:devices.title')} description={t('access:devices.hint')}>
      <div data-testid="devices-card" className="flex flex-col gap-3">
        <QueryStatus query={sessions} />
        <ul className="divide-y divide-border">
          {sessions.data?.map((session) => (
            <DeviceRow key={session.id} session={session} busy={end.isPending} onEnd={() => endOne(session)} />
          ))}
        </ul>
        {sessions.data && others.length === 0 ? <p className="text-sm text-foreground-muted">{t('access:devices.noOthers')}</p> : null}
        {others.length > 0 ? (
          <div>
            <Button variant="secondary" onClick={confirmOthers.ask} data-testid="devices-end-others">
              <LogoutIcon /> {t('access:devices.endOthers')}
            </Button>
          </div>
        ) : null}
      </div>
      <ConfirmDialog
        {...confirmOthers.dialog}
        busy={endOthers.isPending}
        title={t('access:devices.endOthersTitle')}
        message={t('access:devices.endOthersMessage', { count: others.length })}
        confirmLabel={t('access:devices.endOthers')}
      />
    </Card>
  );
}

function DeviceRow({ session, busy, onEnd }: { session: SessionInfo; busy: boolean; onEnd: () => void }) {
  const { t, i18n } = useTranslation();
  const name = t('access:devices.browserOn', {
    browser: session.browser ?? t('access:devices.unknownBrowser'),
    os: session.os ?? t('access:devices.unknownOs'),
  });
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid="device-row" data-current={session.current}>
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words text-foreground">
          {name}
          {session.current ? <span className="ml-2 rounded bg-muted px-1.5 py-0.5 text-xs font-normal text-foreground">{t('access:devices.thisDevice')}</span> : null}
        </p>
        <p className="text-xs break-words text-foreground-muted">
          {[
            session.address ? t('access:devices.address', { address: session.address }) : null,
            t('access:devices.signedIn', { date: formatTime(session.createdAt, i18n.language) }),
            t('access:devices.lastSeen', { date: formatTime(session.lastSeenAt, i18n.language) }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
      {session.current ? null : (
        <Button variant="ghost" size="sm" disabled={busy} onClick={onEnd} aria-label={t('access:devices.endOne', { device: name })} data-testid="device-end">
          <LogoutIcon /> {t('access:devices.end')}
        </Button>
      )}
    </li>
  );
}
