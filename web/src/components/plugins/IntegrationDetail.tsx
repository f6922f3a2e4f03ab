import { useTranslation } from 'react-i18next';
import type { IntegrationDetail as Detail } from '@homecam/shared';

/** One integration's detail line, translated from the server's code and values (never server English). */
export function IntegrationDetail({ detail }: { detail: Detail }) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => value.toLocaleString(i18n.language);
  let text: string;
  switch (detail.code) {
    case 'PORT':
      text = t(detail.localOnly ? 'plugins:detail.portLocal' : 'plugins:detail.port', { port: detail.port });
      break;
    case 'BROKER':
      text = t(detail.tls ? 'plugins:detail.brokerTls' : 'plugins:detail.broker', { broker: detail.broker });
      break;
    case 'NO_BROKER':
      text = t('plugins:detail.noBroker');
      break;
    case 'FOLLOWS_MQTT_TRIGGER':
      text = t('plugins:detail.followsMqtt');
      break;
    case 'PUSH':
      text = t('plugins:detail.push', { count: detail.devices }) + (detail.keys ? '' : ` · ${t('plugins:detail.pushNoKeys')}`);
      break;
    case 'ALERTS': {
      const counts = t('plugins:detail.alerts', { sent: number(detail.sent), queued: number(detail.queued), dropped: number(detail.dropped) });
      // "Switched off" is the state badge already; any other reason says what is missing.
      text = detail.off && detail.off !== 'SWITCHED_OFF' ? `${t(`alerts:settings.offReason.${detail.off}`)} · ${counts}` : counts;
      break;
    }
    case 'REKOGNITION': {
      const budget = t('plugins:detail.budget', { left: number(detail.left), total: number(detail.total) });
      const analysis = detail.analysis;
      text = analysis
        ? `${budget} · ${t('plugins:detail.analysis', { analysed: number(analysis.analysed), dropped: number(analysis.dropped), skipped: number(analysis.skippedBudget), failed: number(analysis.failed) })}`
        : budget;
      break;
    }
    case 'KEYS_MISSING':
      text = t('plugins:detail.keysMissing');
      break;
    case 'BUDGET_USED_UP':
      text = t('plugins:detail.budgetUsedUp', { total: number(detail.total) });
      break;
    case 'HOMEKIT':
      text = [t('plugins:detail.port', { port: detail.port }), t('plugins:detail.cameras', { count: detail.cameras }), t('plugins:detail.pairings', { count: detail.pairings })].join(' · ');
      break;
    case 'ONVIF_EVENTS':
      text = `${t('plugins:detail.cameras', { count: detail.cameras })} · ${t('plugins:detail.onvifEvents', { connected: number(detail.connected), retrying: number(detail.retrying) })}`;
      break;
  }
  return (
    <p className="text-sm text-foreground-muted" data-testid="plugin-detail" data-code={detail.code}>
      {text}
    </p>
  );
}
