export * from './trigger.js';
export { HttpTrigger, parseTriggerUrl, type HttpTriggerAnswer, type HttpTriggerErrorCode, type HttpTriggerOptions } from './http-trigger.js';
export { MqttTrigger, DEFAULT_MOTION_STATE_TOPIC, type MotionStatePayload, type MqttTriggerOptions } from './mqtt-trigger.js';
export { SmtpTrigger, SMTP_MAX_MESSAGE_BYTES, type SmtpTriggerOptions } from './smtp-trigger.js';
export { FtpTrigger, FTP_MAX_IMAGE_BYTES, type FtpTriggerOptions } from './ftp-trigger.js';
export { TriggerManager, triggerOptionsFromConfig, type TriggerExtras, type TriggerInfo, type TriggersConfig } from './trigger-manager.js';
