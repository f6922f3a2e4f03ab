import { findUrls, splitUrlCredentials, type ConfigFile } from '@homecam/shared';

function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The secret values config.json holds now: trigger credentials, the HTTP trigger token, camera URL passwords. */
export function secretsOf(config: ConfigFile): string[] {
  const values = [config.smtp.password, config.ftp.password, config.mqtt.password, config.http.token];
  // Alert channels and image analysis (issue 9): the Alexa/Home Assistant token, the Telegram bot token, the AWS secret.
  values.push(config.notifications.alexa?.token, config.notifications.telegram?.token, config.aws?.secretAccessKey);
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
