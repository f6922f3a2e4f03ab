import { useTranslation } from 'react-i18next';
import { useTickingSeconds } from '../../hooks/use-system';
import { splitUptime } from './format';

/** An uptime that keeps counting between fetches: `seconds` as of `since` (the query's dataUpdatedAt). */
export function Uptime({ seconds, since, testId }: { seconds: number; since: number; testId?: string }) {
  const { t } = useTranslation();
  const { days, time } = splitUptime(useTickingSeconds(seconds, since));
  return (
    <span className="tabular-nums" data-testid={testId}>
      {days > 0 ? t('system:uptime.withDays', { days, time }) : time}
    </span>
  );
}
