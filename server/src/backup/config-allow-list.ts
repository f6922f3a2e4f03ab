/**
 * N6: what of config.json a non-admin's backup archive may carry, as an ALLOW-LIST. A key is in the archive only
 * when it is named here; secrets, admin-only settings, file-only keys, and every key HomeCam does not know (camera.ui's,
 * plugins') are left out, so a new secret can never leak by a name a pattern did not foresee. A restore by a
 * non-admin takes everything left out from the live config.json instead (see redact.ts).
 *
 * CONFIG_LEFT_OUT names the known keys deliberately not allowed; a test checks that every key the config schema
 * knows is in exactly one of the two, so a new field needs a decision here.
 */

export type AllowRule =
  /** A number, boolean, text or null, or a list of those (nested lists too); an object in its place is dropped. */
  | { readonly kind: 'value' }
  | { readonly kind: 'object'; readonly keys: Readonly<Record<string, AllowRule>> }
  | { readonly kind: 'list'; readonly of: AllowRule }
  /** An object whose keys are data (e.g. a label), each value pruned to `of`. */
  | { readonly kind: 'record'; readonly of: AllowRule }
  /** The cameras: each one pruned to `camera`, then masked exactly as the camera API masks it for non-admins. */
  | { readonly kind: 'cameras'; readonly camera: AllowRule };

const value: AllowRule = { kind: 'value' };
const object = (keys: Record<string, AllowRule>): AllowRule => ({ kind: 'object', keys });
const values = (...names: string[]): Record<string, AllowRule> => Object.fromEntries(names.map((name) => [name, value]));

const CAMERA: AllowRule = object({
  ...values('name', 'room', 'disable', 'prebuffering', 'prebufferLength', 'motionTimeout', 'manufacturer', 'model', 'serialNumber'),
  ...values('motion', 'doorbell', 'privacySwitch', 'excludeSwitch', 'privacyMode', 'snapshotTimer', 'recordingType', 'recordingTimer'),
  // Issue 19: off / events / continuous, main or sub stream, the camera's own footage cap.
  ...values('recordingMode', 'recordingStream', 'recordingMaxSizeGB'),
  // The alert fields: the webhook URL goes in masked as a whole (the camera API's masking), so a restore knows one was set.
  ...values('telegramType', 'alexa', 'webhookUrl', 'mqttTopic', 'alertChannels'),
  videoanalysis: object({
    ...values('active', 'forceCloseTimer', 'dwellTimer', 'sensitivity', 'difference'),
    regions: { kind: 'list', of: object(values('finished', 'coords')) },
  }),
  // Sources go in with the credentials inside them masked (`rtsp://user:********@cam`), as the camera API shows them.
  videoConfig: object({
    ...values('source', 'subSource', 'stillImageSource', 'readRate', 'rtspTransport', 'stimeout', 'analyzeDuration', 'probeSize'),
    ...values('reorderQueueSize', 'maxDelay', 'maxStreams', 'maxWidth', 'maxHeight', 'maxFPS', 'maxBitrate', 'vcodec', 'acodec'),
    ...values('encoderOptions', 'videoFilter', 'mapvideo', 'mapaudio', 'audio'),
  }),
  mqtt: object(values('motionTopic', 'motionMessage', 'motionResetTopic', 'motionResetMessage', 'doorbellTopic', 'doorbellMessage')),
  smtp: object(values('email', 'from', 'body')),
  rekognition: object(values('active', 'confidence', 'labels')),
  // zones: label -> indexes into videoanalysis.regions
  objectDetection: object({ ...values('active', 'labels', 'minScore', 'minSize'), zones: { kind: 'record', of: value } }),
  // Issue 22: the ONVIF address goes in with its password masked (like a source), PTZ and the events switch as they are.
  onvif: object(values('url', 'ptz')),
  onvifEvents: value,
});

export const CONFIG_ALLOWED: AllowRule = object({
  ...values('logLevel', 'port', 'atHomeSwitch', 'atHome', 'exclude'),
  notifications: object({
    ...values('active', 'removeAfter', 'alertLevels'),
    telegram: object(values('active', 'chatID', 'message')),
    webhook: object(values('active', 'insecureHosts')),
    alexa: object(values('active', 'message', 'startTime', 'endTime', 'mode', 'service', 'target')),
  }),
  recordings: object({
    ...values('active', 'type', 'timer', 'path', 'removeAfter', 'maxSizeGB', 'minFreeGB'),
    continuous: object({ ...values('segmentSeconds', 'maxSizeGB', 'cameraMaxSizeGB'), retain: object(values('all', 'motion', 'events')) }),
  }),
  options: object({}),
  ssl: object(values('active')),
  http: object(values('active', 'port', 'localhttp')),
  smtp: object(values('active', 'port', 'space_replace')),
  ftp: object(values('active', 'port', 'useFile')),
  mqtt: object({ ...values('active', 'tls', 'host', 'port'), publish: object(values('active', 'baseTopic', 'discovery', 'discoveryPrefix')) }),
  aws: object(values('active', 'region', 'contingent_total')),
  cameras: { kind: 'cameras', camera: CAMERA },
  homekit: object(values('active', 'name', 'port', 'bind')),
  webrtc: object({ ...values('active', 'bindAddress'), portRange: object(values('min', 'max')) }),
  dashboard: object({ weather: object(values('provider')) }),
});

/** Known keys kept out of a non-admin's archive: secrets, what only admins see or set, file-only keys. */
export const CONFIG_LEFT_OUT: readonly string[] = [
  'options.videoProcessor',
  'ssl.key',
  'ssl.cert',
  'http.token',
  'smtp.username',
  'smtp.password',
  'ftp.username',
  'ftp.password',
  'mqtt.username',
  'mqtt.password',
  'aws.accessKeyId',
  'aws.secretAccessKey',
  'notifications.telegram.token',
  'notifications.alexa.url',
  'notifications.alexa.token',
  'dashboard.weather.url',
  'dashboard.weather.geocodingUrl',
  'dashboard.weather.apiKey',
  // Issue 21, admin-only: left out, so a non-admin's restore keeps the live policy (it cannot switch the requirement off).
  'secondFactorPolicy',
];
