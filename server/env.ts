import type { Logger, Services } from './deps';

/** Hono context variables set by the app for every request. */
export interface AppEnv {
  Variables: {
    services: Services;
    logger: Logger;
  };
}
