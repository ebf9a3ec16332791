import { HttpError } from '../http/http-error';
import type { Organization } from '../db/schema';

/** Directory calls need a configured provider: 409 (the organization's state, not the request). */
export function requireSso(org: Organization): void {
  if (org.ssoProvider === null) {
    throw new HttpError(409, {
      error: 'Single sign-on is not set up for this organization. Set up an SSO provider first.',
    });
  }
}
