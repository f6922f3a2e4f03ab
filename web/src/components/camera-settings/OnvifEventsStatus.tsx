import { useTranslation } from 'react-i18next';
import { useOnvifEventStatus } from '../../hooks/use-onvif-events';
import { formatTime } from '../../lib/event-format';
import { ProblemNote } from '../plugins/ProblemNote';

/**
 * Issue 22: whether the camera's own ONVIF events reach HomeCam — off, connecting, connected, or retrying with
 * the last problem in the reader's language (its code) and the technical detail beside it, and when the last event
 * came. The server pushes every change (socket `onvifEventStatus`): the form follows without asking again.
 */
export function OnvifEventsStatus({ camera }: { camera: string }) {
  const { t, i18n } = useTranslation();
  const { data: status, error } = useOnvifEventStatus(camera);
  const testId = 'camera-onvif-events-status';
  if (error) {
    return (
      <p role="alert" className="text-sm text-danger sm:col-span-2" data-testid={testId}>
        {t('cameras:onvifEvents.loadFailed')}
      </p>
    );
  }
  if (!status) return null;
  return (
    <div className="flex flex-col gap-2 sm:col-span-2" data-testid={testId} data-state={status.state}>
      <p className="text-sm text-foreground" aria-live="polite">
        {t('cameras:onvifEvents.label')}: <span className="font-medium">{t(`cameras:onvifEvents.state.${status.state}`)}</span>
      </p>
      {status.lastEventAt ? (
        <p className="text-sm text-foreground-muted" data-testid={`${testId}-last-event`}>
          {t('cameras:onvifEvents.lastEvent', { time: formatTime(status.lastEventAt, i18n.language) })}
        </p>
      ) : null}
      {status.state === 'retrying' && status.problem ? <ProblemNote problem={status.problem} testId={`${testId}-problem`} /> : null}
    </div>
  );
}
