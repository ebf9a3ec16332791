import type { RequestDetails } from './audit/record';
import type { Logger, Services } from './deps';

/** Hono context variables set by the app for every request. */
export interface AppEnv {
  Variables: {
    services: Services;
    logger: Logger;
    /** Client address, user agent and request id (server/audit/record.ts). */
    request: RequestDetails;
  };
}
