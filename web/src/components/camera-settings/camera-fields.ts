import { ALERT_CHANNELS, RTSP_TRANSPORTS } from '@homecam/shared';

/**
 * Every field of `cameraSchema` the settings form edits, by group. `path` is the dotted key in the camera
 * object; `label` is its translation key (a literal, so the i18n check verifies it).
 */
/**
 * `channels`: a checkbox per alert channel (an array); `list`: comma-separated words (an array); `decimal`: a number
 * with decimals; `auto`: on, off or unset (follows another setting); `labels`: object labels (an array); `zones`:
 * per label, the motion zones it counts in (an object of zone indexes).
 */
export type FieldKind = 'text' | 'int' | 'decimal' | 'bool' | 'auto' | 'select' | 'source' | 'room' | 'channels' | 'list' | 'labels' | 'zones';

export interface FieldDef {
  path: string;
  kind: FieldKind;
  label: string;
  /** Only for `select`. */
  options?: readonly string[];
  /** The form cannot save without it. */
  required?: boolean;
  /** Only admins change it (the server refuses others); shown read-only to everyone else. */
  adminOnly?: boolean;
  /** A help text under the field (translation key). */
  hint?: string;
}

export type GroupId = 'general' | 'stream' | 'encoding' | 'prebuffering' | 'motion' | 'objects' | 'email' | 'mqtt' | 'onvif' | 'alerts';

export interface FieldGroup {
  id: GroupId;
  title: string;
  hint?: string;
  fields: readonly FieldDef[];
}

const text = (path: string, label: string): FieldDef => ({ path, kind: 'text', label });
const int = (path: string, label: string): FieldDef => ({ path, kind: 'int', label });
const bool = (path: string, label: string): FieldDef => ({ path, kind: 'bool', label });

export const FIELD_GROUPS: readonly FieldGroup[] = [
  {
    id: 'general',
    title: 'cameras:form.groups.general',
    fields: [
      { path: 'name', kind: 'text', label: 'cameras:fields.name', required: true },
      { path: 'room', kind: 'room', label: 'cameras:fields.room' },
      text('manufacturer', 'cameras:fields.manufacturer'),
      text('model', 'cameras:fields.model'),
      text('serialNumber', 'cameras:fields.serialNumber'),
      bool('disable', 'cameras:fields.disable'),
    ],
  },
  {
    id: 'stream',
    title: 'cameras:form.groups.stream',
    fields: [
      { path: 'videoConfig.source', kind: 'source', label: 'cameras:fields.source', required: true },
      { path: 'videoConfig.subSource', kind: 'source', label: 'cameras:fields.subSource' },
      { path: 'videoConfig.stillImageSource', kind: 'source', label: 'cameras:fields.stillImageSource' },
      { path: 'onvif.url', kind: 'source', label: 'cameras:fields.onvifUrl', hint: 'cameras:onvif.urlHint' },
      { path: 'onvif.ptz', kind: 'bool', label: 'cameras:fields.onvifPtz', hint: 'cameras:onvif.ptzHint' },
      { path: 'videoConfig.rtspTransport', kind: 'select', label: 'cameras:fields.rtspTransport', options: RTSP_TRANSPORTS },
      int('videoConfig.stimeout', 'cameras:fields.stimeout'),
      int('videoConfig.probeSize', 'cameras:fields.probeSize'),
      int('videoConfig.analyzeDuration', 'cameras:fields.analyzeDuration'),
      int('videoConfig.maxDelay', 'cameras:fields.maxDelay'),
      int('videoConfig.reorderQueueSize', 'cameras:fields.reorderQueueSize'),
      int('videoConfig.maxStreams', 'cameras:fields.maxStreams'),
      bool('videoConfig.readRate', 'cameras:fields.readRate'),
    ],
  },
  {
    id: 'encoding',
    title: 'cameras:form.groups.encoding',
    hint: 'cameras:form.hints.encoding',
    fields: [
      text('videoConfig.vcodec', 'cameras:fields.vcodec'),
      text('videoConfig.acodec', 'cameras:fields.acodec'),
      int('videoConfig.maxBitrate', 'cameras:fields.maxBitrate'),
      int('videoConfig.maxFPS', 'cameras:fields.maxFPS'),
      int('videoConfig.maxWidth', 'cameras:fields.maxWidth'),
      int('videoConfig.maxHeight', 'cameras:fields.maxHeight'),
      text('videoConfig.encoderOptions', 'cameras:fields.encoderOptions'),
      text('videoConfig.videoFilter', 'cameras:fields.videoFilter'),
      text('videoConfig.mapvideo', 'cameras:fields.mapvideo'),
      text('videoConfig.mapaudio', 'cameras:fields.mapaudio'),
      bool('videoConfig.audio', 'cameras:fields.audio'),
    ],
  },
  {
    id: 'prebuffering',
    title: 'cameras:form.groups.prebuffering',
    fields: [bool('prebuffering', 'cameras:fields.prebuffering'), int('prebufferLength', 'cameras:fields.prebufferLength')],
  },
  {
    id: 'motion',
    title: 'cameras:form.groups.motion',
    hint: 'cameras:form.hints.motion',
    fields: [
      bool('videoanalysis.active', 'cameras:fields.videoanalysisActive'),
      int('motionTimeout', 'cameras:fields.motionTimeout'),
      int('videoanalysis.forceCloseTimer', 'cameras:fields.forceCloseTimer'),
      int('videoanalysis.dwellTimer', 'cameras:fields.dwellTimer'),
      int('videoanalysis.difference', 'cameras:fields.difference'),
      int('videoanalysis.sensitivity', 'cameras:fields.sensitivity'),
      int('snapshotTimer', 'cameras:fields.snapshotTimer'),
      bool('motion', 'cameras:fields.motion'),
      bool('doorbell', 'cameras:fields.doorbell'),
      bool('privacySwitch', 'cameras:fields.privacySwitch'),
      bool('excludeSwitch', 'cameras:fields.excludeSwitch'),
      bool('privacyMode', 'cameras:fields.privacyMode'),
    ],
  },
  {
    // Issue 20: the local object detector (person, vehicle, animal) on the motion detector's frames.
    id: 'objects',
    title: 'cameras:form.groups.objects',
    hint: 'cameras:form.hints.objects',
    fields: [
      { path: 'objectDetection.active', kind: 'auto', label: 'cameras:fields.objectDetectionActive' },
      { path: 'objectDetection.labels', kind: 'labels', label: 'cameras:fields.objectLabels', hint: 'cameras:objects.labelsHint' },
      { path: 'objectDetection.minScore', kind: 'int', label: 'cameras:fields.objectMinScore', hint: 'cameras:objects.minScoreHint' },
      { path: 'objectDetection.minSize', kind: 'decimal', label: 'cameras:fields.objectMinSize', hint: 'cameras:objects.minSizeHint' },
      { path: 'objectDetection.zones', kind: 'zones', label: 'cameras:fields.objectZones', hint: 'cameras:objects.zonesHint' },
    ],
  },
  {
    id: 'email',
    title: 'cameras:form.groups.email',
    hint: 'cameras:form.hints.motion',
    fields: [text('smtp.email', 'cameras:fields.smtpEmail'), text('smtp.from', 'cameras:fields.smtpFrom'), text('smtp.body', 'cameras:fields.smtpBody')],
  },
  {
    id: 'mqtt',
    title: 'cameras:form.groups.mqtt',
    hint: 'cameras:form.hints.motion',
    fields: [
      text('mqtt.motionTopic', 'cameras:fields.mqttMotionTopic'),
      text('mqtt.motionMessage', 'cameras:fields.mqttMotionMessage'),
      text('mqtt.motionResetTopic', 'cameras:fields.mqttMotionResetTopic'),
      text('mqtt.motionResetMessage', 'cameras:fields.mqttMotionResetMessage'),
      text('mqtt.doorbellTopic', 'cameras:fields.mqttDoorbellTopic'),
      text('mqtt.doorbellMessage', 'cameras:fields.mqttDoorbellMessage'),
    ],
  },
  {
    // Issue 22: the camera's own ONVIF events (motion, doorbell, tamper) as a trigger, at the address of the
    // stream group's `onvif.url`; the subscription's status is shown under the switch.
    id: 'onvif',
    title: 'cameras:form.groups.onvif',
    hint: 'cameras:form.hints.onvif',
    fields: [bool('onvifEvents', 'cameras:fields.onvifEvents')],
  },
  {
    // Issue 9: which alert channels fire for this camera and their per-camera settings (Telegram type: config file).
    id: 'alerts',
    title: 'alerts:camera.title',
    hint: 'alerts:camera.hint',
    fields: [
      { path: 'alertChannels', kind: 'channels', label: 'alerts:camera.alertChannels', options: ALERT_CHANNELS, hint: 'alerts:camera.alertChannelsHint' },
      bool('alexa', 'alerts:camera.alexa'),
      { path: 'webhookUrl', kind: 'text', label: 'alerts:camera.webhookUrl', adminOnly: true, hint: 'alerts:camera.webhookUrlHint' },
      text('mqttTopic', 'alerts:camera.mqttTopic'),
      bool('rekognition.active', 'alerts:camera.rekognitionActive'),
      int('rekognition.confidence', 'alerts:camera.rekognitionConfidence'),
      { path: 'rekognition.labels', kind: 'list', label: 'alerts:camera.rekognitionLabels', hint: 'alerts:camera.rekognitionLabelsHint' },
    ],
  },
];

export const ALL_FIELDS: readonly FieldDef[] = FIELD_GROUPS.flatMap((group) => group.fields);
