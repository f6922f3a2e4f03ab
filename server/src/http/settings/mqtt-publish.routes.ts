import { mqttPublishPatchSchema, mqttPublishViewSchema } from '@homecam/shared';
import type { MqttPublishSettingsService } from '../../services/mqtt-publish-settings.service.js';
import { defineRoutes } from '../define-routes.js';
import { AUTH_ERRORS, errorResponses } from '../schemas.js';

const READ = { anyOf: ['settings:notifications:access', 'settings:notifications:edit'] } as const;
const EDIT = { anyOf: ['settings:notifications:edit'] } as const;

export const mqttPublishRoutes = defineRoutes<{ mqttPublish: MqttPublishSettingsService }>((app, { mqttPublish }) => {
  app.get(
    '/api/settings/notifications/mqtt',
    {
      config: { access: READ },
      schema: {
        tags: ['settings'],
        description:
          'MQTT publishing (config.json mqtt.publish): base topic, Home Assistant discovery; the broker (host:port only, never the login), ' +
          'whether it is connected, and one camera\'s topics as an example.',
        response: { 200: mqttPublishViewSchema, ...errorResponses(...AUTH_ERRORS) },
      },
    },
    () => mqttPublish.get(),
  );

  app.patch(
    '/api/settings/notifications/mqtt',
    {
      config: { access: EDIT },
      schema: {
        tags: ['settings'],
        description: 'Partial update of mqtt.publish: active, baseTopic, discovery, discoveryPrefix (topic levels of A-Z a-z 0-9 _ -, no + or #).',
        body: mqttPublishPatchSchema,
        response: { 200: mqttPublishViewSchema, ...errorResponses(400, ...AUTH_ERRORS) },
      },
    },
    (request) => mqttPublish.patch(request.body),
  );
});
