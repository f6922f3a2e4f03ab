import { AuditLog } from '../audit/audit-log.js';
import type { AppContext } from '../context/context.js';
import type { HomecamModule } from '../runtime/module.js';

/** The Console's audit trail: after the streams (it follows their states), before anything that makes events. */
export function auditModule(ctx: Pick<AppContext, 'bus' | 'cameras' | 'config' | 'streams' | 'log'>): HomecamModule {
  const audit = new AuditLog({ bus: ctx.bus, cameras: ctx.cameras, config: ctx.config, streams: ctx.streams, log: ctx.log.child({ module: 'audit' }) });
  return { name: 'audit', start: () => audit.start(), stop: () => audit.stop() };
}
