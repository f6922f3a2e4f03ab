export { IntegrationRegistry } from './registry.js';
export { StatusTracker, redactSecrets, type IntegrationHandle } from './integration.js';
export { TriggerIntegration, MqttStateIntegration } from './trigger-integrations.js';
