import type { SystemInfo } from '@homecam/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SpaceBar } from '../../../components/system/SpaceBar';
import { Uptime } from '../../../components/system/Uptime';
import { Card } from '../../../components/ui/Card';

/** One label/value line; long values (paths) wrap anywhere instead of widening the page on a phone. */
export function InfoRow({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
      <dt className="shrink-0 text-sm text-foreground-muted sm:w-40">{label}</dt>
      <dd className="min-w-0 break-all text-sm text-foreground" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** Version, uptimes (counting), the machine. */
export function VersionCard({ info, since }: { info: SystemInfo; since: number }) {
  const { t } = useTranslation();
  return (
    <Card title={t('system:version.title')}>
      <dl className="flex flex-col gap-2">
        <InfoRow label={t('system:version.version')} testId="system-version">
          {info.version}
        </InfoRow>
        <InfoRow label={t('system:version.uptime')}>
          <Uptime seconds={info.uptime.processSeconds} since={since} testId="system-uptime" />
        </InfoRow>
        <InfoRow label={t('system:version.systemUptime')}>
          <Uptime seconds={info.uptime.systemSeconds} since={since} />
        </InfoRow>
        <InfoRow label={t('system:version.os')}>{`${info.os.platform} ${info.os.release} (${info.os.arch}), ${info.os.hostname}`}</InfoRow>
      </dl>
    </Card>
  );
}

/** Node and ffmpeg: version and path (and where ffmpeg was found). */
export function RuntimeCard({ info }: { info: SystemInfo }) {
  const { t } = useTranslation();
  return (
    <Card title={t('system:runtime.title')}>
      <dl className="flex flex-col gap-2">
        <InfoRow label={t('system:runtime.node')} testId="system-node-version">
          {info.node.version}
        </InfoRow>
        <InfoRow label={t('system:runtime.nodePath')}>{info.node.execPath}</InfoRow>
        <InfoRow label={t('system:runtime.ffmpeg')} testId="system-ffmpeg-version">
          {info.ffmpeg.version ?? t('system:runtime.ffmpegMissing')}
        </InfoRow>
        {info.ffmpeg.path ? <InfoRow label={t('system:runtime.ffmpegPath')}>{info.ffmpeg.path}</InfoRow> : null}
        {info.ffmpeg.origin ? <InfoRow label={t('system:runtime.ffmpegOrigin')}>{t(`system:runtime.origin.${info.ffmpeg.origin}`)}</InfoRow> : null}
      </dl>
    </Card>
  );
}

/** The data and recordings directories with the free space of their file systems. */
export function StorageCard({ info }: { info: SystemInfo }) {
  const { t } = useTranslation();
  return (
    <Card title={t('system:storage.title')}>
      <div className="flex flex-col gap-4">
        <dl className="flex flex-col gap-2">
          <InfoRow label={t('system:storage.dataDir')} testId="system-data-dir">
            {info.dataDir.path}
          </InfoRow>
        </dl>
        <SpaceBar {...info.dataDir.disk} testId="system-data-disk" />
        <dl className="flex flex-col gap-2">
          <InfoRow label={t('system:storage.recordingsDir')}>{info.recordingsDir.path}</InfoRow>
        </dl>
        <SpaceBar {...info.recordingsDir.disk} testId="system-recordings-disk" />
      </div>
    </Card>
  );
}
