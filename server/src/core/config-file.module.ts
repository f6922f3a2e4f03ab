import type { AppContext } from '../context/context.js';
import type { HomecamModule } from '../runtime/module.js';

/** config.json edited on disk is applied live; a bad edit is logged and the last good config kept. */
export function configFileModule(ctx: Pick<AppContext, 'config' | 'log'>): HomecamModule {
  return {
    name: 'config-file',
    start: () =>
      ctx.config.watchFile((result) => {
        if (result === 'applied') ctx.log.info('config.json changed on disk: applied');
        else if (result instanceof Error) ctx.log.warn({ problem: result.message }, 'config.json on disk is not valid: keeping the last good config');
      }),
    stop: () => ctx.config.close(),
  };
}
