export { MqttHaPublisher, type CameraEventMessage, type MqttHaPublisherDeps, type MqttPublishLog } from './ha-publisher.js';
export { createMqttChannel, type MqttChannelDeps } from './channel.js';
export { availabilityTopic, cameraSlugs, cameraTopics, discoveryMessages, discoveryTopics } from './topics.js';
