import { findUrls, splitUrlCredentials, type ConfigFile } from '@homecam/shared';

function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * How an alert channel names a secret in its `notifications.<id>` block (the Telegram bot token, the Home
 * Assistant token): by these key names, so a channel added later is scrubbed without being named here.
 */
const CHANNEL_SECRET_KEYS = ['token', 'password', 'secret', 'apiKey'] as const;

/** The secrets in the alert channels' blocks of `notifications` (each a loose object of its channel's keys). */
function channelSecrets(notifications: ConfigFile['notifications']): unknown[] {
  return Object.values(notifications).flatMap((block) =>
    typeof block === 'object' && block !== null && !Array.isArray(block) ? CHANNEL_SECRET_KEYS.map((key) => (block as Record<string, unknown>)[key]) : [],
  );
}

/** The secret values config.json holds now: trigger credentials, the HTTP trigger token, camera URL passwords. */
export function secretsOf(config: ConfigFile): string[] {
  const values: unknown[] = [config.smtp.password, config.ftp.password, config.mqtt.password, config.http.token];
  // Alert channels (issue 9) and image analysis: the channels' tokens, the AWS secret.
  values.push(...channelSecrets(config.notifications), config.aws?.secretAccessKey);
  for (const camera of config.cameras) {
    // Cameras in config.json are loose objects: read the three source fields defensively.
    const v = (typeof camera === 'object' && camera !== null ? (camera as { videoConfig?: unknown }).videoConfig : undefined) as Record<string, unknown> | undefined;
    for (const source of [v?.source, v?.subSource, v?.stillImageSource]) {
      if (typeof source !== 'string') continue;
      // Every URL of the source (also inside the original's ffmpeg argument form): its password, or its bare token.
      for (const { start, end } of findUrls(source)) {
        const { secret } = splitUrlCredentials(source.slice(start, end));
        if (secret) values.push(secret, decoded(secret));
      }
    }
  }
  return values.filter((value): value is string => typeof value === 'string' && value !== '');
}
