import { useTranslation } from 'react-i18next';
import type { SessionUser } from '@homecam/shared';
import { useToast } from '../../hooks/use-toast';
import { useUpdateUser } from '../../hooks/use-users';
import { Card } from '../ui/Card';
import { Select, type SelectOption } from '../ui/Select';
import { SESSION_TIMER_CHOICES } from './session-timer-options';

/** How long a sign-in lasts; saved as soon as it is chosen. */
export function SessionTimerCard({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateUser();
  const options: SelectOption[] = SESSION_TIMER_CHOICES.map((choice) => ({ value: String(choice.seconds), label: t(choice.key) }));
  // A value set elsewhere (the config, an older version) is still shown rather than silently replaced.
  if (!options.some((option) => option.value === String(user.sessionTimer))) {
    options.push({ value: String(user.sessionTimer), label: t('settings:account.sessionTimer.custom', { minutes: Math.round(user.sessionTimer / 60) }) });
  }

  return (
    <Card title={t('settings:account.sessionTitle')} description={t('settings:account.sessionHint')}>
      <Select
        label={t('settings:account.sessionTimerLabel')}
        options={options}
        value={String(user.sessionTimer)}
        disabled={update.isPending}
        data-testid="account-session-timer"
        onChange={(event) =>
          update.mutate(
            { id: user.id, body: { sessionTimer: Number(event.target.value) } },
            { onSuccess: () => toast.success(t('settings:account.sessionSaved')), onError: toast.apiError },
          )
        }
        className="max-w-xs"
      />
    </Card>
  );
}
