import { CONFIG_LOG_LEVELS, type SystemInfo } from '@homecam/shared';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/Card';
import { Select } from '../../../components/ui/Select';
import { useSetLogLevel } from '../../../hooks/use-system';
import { useToast } from '../../../hooks/use-toast';

const isLevel = (value: string): value is (typeof CONFIG_LOG_LEVELS)[number] => (CONFIG_LOG_LEVELS as readonly string[]).includes(value);

/** config.json's logLevel, applied at once; HOMECAM_LOG_LEVEL pins it (shown, not changeable here). */
export function LogLevelCard({ info }: { info: SystemInfo }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSetLogLevel();
  const { pinned, level, configured } = info.logLevel;
  // The console's words for the levels; a pinned level outside them (trace, silent) shows as written.
  const name = (value: string): string => t(`console:levels.${value}`, { defaultValue: value });
  return (
    <Card title={t('system:logLevel.title')} description={pinned ? t('system:logLevel.pinned', { level: name(level) }) : t('system:logLevel.hint')}>
      <Select
        label={t('system:logLevel.label')}
        value={pinned ? level : configured}
        disabled={pinned || save.isPending}
        options={(pinned && !isLevel(level) ? [level] : CONFIG_LOG_LEVELS).map((value) => ({ value, label: name(value) }))}
        onChange={(event) => {
          const next = event.target.value;
          if (isLevel(next)) save.mutate(next, { onSuccess: () => toast.success(t('system:logLevel.saved', { level: name(next) })), onError: toast.apiError });
        }}
        data-testid="system-log-level"
      />
    </Card>
  );
}
