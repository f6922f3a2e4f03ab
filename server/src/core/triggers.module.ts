import type { AppContext } from '../context/context.js';
import { triggerRoutes } from '../http/system/triggers.routes.js';
import { TriggerIntegration } from '../integrations/index.js';
import type { HomecamModule } from '../runtime/module.js';
import { TriggerService } from '../services/trigger.service.js';
import type { MqttTriggerHooks } from '../triggers/mqtt-trigger.js';
import { TriggerManager, type TriggerExtras } from '../triggers/trigger-manager.js';
import { TRIGGER_NAMES } from '../triggers/trigger.js';

export type TriggersModule = HomecamModule & { readonly triggers: TriggerService; readonly manager: TriggerManager };

/**
 * The event sources from outside (HTTP, SMTP, FTP, MQTT): each trigger follows its config.json block and hands
 * camera events to the camera event service; the admin API, and one plugins-page entry per trigger.
 */
export function triggersModule(ctx: Pick<AppContext, 'cameras' | 'cameraEvents' | 'config' | 'clock' | 'log' | 'integrations'>, extras: TriggerExtras = {}, mqtt: MqttTriggerHooks = {}): TriggersModule {
  const log = ctx.log.child({ module: 'triggers' });
  const manager = new TriggerManager({ cameras: () => ctx.cameras.list(), sink: ctx.cameraEvents.sink(), logger: log }, { ...extras, mqtt: { ...mqtt, ...extras.mqtt } });
  const triggers = new TriggerService(manager, ctx.config);
  for (const name of TRIGGER_NAMES) ctx.integrations.register(new TriggerIntegration(name, { triggers, manager, config: ctx.config, clock: ctx.clock }));
  return {
    name: 'triggers',
    triggers,
    manager,
    start: async () => {
      const failures = await triggers.start((error) => log.error({ err: error }, 'applying the trigger config failed'));
      for (const [name, problem] of Object.entries(failures)) log.warn({ trigger: name, problem }, 'trigger did not start');
    },
    stop: () => triggers.close(),
    routes: async (app) => {
      await app.register(triggerRoutes, { triggers });
    },
  };
}
