import { useTranslation } from 'react-i18next';

const EXAMPLE = `POST <webhookUrl>
Content-Type: application/json
X-HomeCam-Timestamp: 1767261600
X-HomeCam-Signature: sha256=HMAC_SHA256(secret, "<timestamp>.<body>")

{ "version": 1, "id": "42", "type": "motion", "camera": "Front Door",
  "room": "Standard", "title": "Front Door", "message": "Motion detected",
  "labels": ["person"], "trigger": "motion", "recordingId": "17",
  "timestamp": "2026-01-01T10:00:00.000Z", "snapshotUrl": "/files/…" }`;

/** The payload and signature docs (docs/webhook.md) at hand, so a receiver can be written from the settings page. */
export function WebhookPayloadHelp() {
  const { t } = useTranslation();
  return (
    <details className="rounded-md border border-border px-3 py-2 text-sm" data-testid="webhook-payload-docs">
      <summary className="cursor-pointer font-medium text-primary">{t('alerts-webhook:webhook.payloadDocs')}</summary>
      <p className="mt-2 text-foreground-muted">{t('alerts-webhook:webhook.payloadIntro')}</p>
      <pre className="mt-2 overflow-x-auto rounded bg-muted p-2 text-xs text-foreground">{EXAMPLE}</pre>
      <p className="mt-2 text-foreground-muted">{t('alerts-webhook:webhook.payloadVerify')}</p>
    </details>
  );
}
