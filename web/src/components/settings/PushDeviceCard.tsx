import { useTranslation } from 'react-i18next';
import { useHasAnyPermission } from '../../hooks/use-permissions';
import { usePushDevice } from '../../hooks/use-pwa';
import { useToast } from '../../hooks/use-toast';
import { Card } from '../ui/Card';
import { Checkbox } from '../ui/Checkbox';

/**
 * "Notifications on this device": the app subscribes by itself whenever notifications are not denied (spec §4);
 * this switch turns push off on this device, and on again (a click lets browsers that need one ask for the
 * permission). Only for users who may receive push (spec §6).
 */
export function PushDeviceCard() {
  const { t } = useTranslation();
  const toast = useToast();
  const allowed = useHasAnyPermission(['recordings:access']);
  const { state, enable, disable } = usePushDevice();
  if (!allowed) return null;

  const hint =
    state.status === 'unsupported' ? t('app:push.unsupported') : state.status === 'denied' ? t('app:push.denied') : null;

  const toggle = async (on: boolean) => {
    const done = on ? await enable() : await disable();
    if (on && !done) toast.error(t('app:push.failed'));
  };

  return (
    <Card title={t('app:push.title')} description={t('app:push.description')}>
      <Checkbox
        label={t('app:push.toggle')}
        data-testid="push-device-toggle"
        checked={state.status === 'on'}
        disabled={state.busy || state.status === 'unsupported' || state.status === 'denied'}
        onChange={(event) => void toggle(event.target.checked)}
      />
      {hint ? (
        <p data-testid="push-device-hint" className="mt-2 text-sm text-foreground-muted">
          {hint}
        </p>
      ) : null}
    </Card>
  );
}
