import type { Session, SessionError } from '@contract/session';
import { ERROR_CATALOGUE } from '@contract/errors';
import type { Organization, User } from '../db/schema';
import type { SessionBilling } from '../billing/data';

/**
 * The banner a session carries for its organization's billing state (docs/product/billing.md,
 * docs/product/messages.md "Error banners"), read from the subscription (the one place of the plan
 * status): a canceled plan, or one behind on payment (past due or unpaid: Stripe's events,
 * docs/decisions/040-stripe.md) → update-billing, whose 'Go to Billing' leads to the card; no plan
 * and no card (a new organization before its trial: the app sends it to /welcome) →
 * update-payment. Both are warnings: the portal stays usable.
 */
export function sessionErrorFor(billing: SessionBilling): SessionError | null {
  if (
    billing.status === 'canceled' ||
    billing.status === 'past_due' ||
    billing.status === 'unpaid'
  ) {
    return { type: 'update-billing', ...ERROR_CATALOGUE['update-billing'], severity: 'warning' };
  }
  if (billing.status === 'none' && !billing.hasDefaultCard) {
    return { type: 'update-payment', ...ERROR_CATALOGUE['update-payment'], severity: 'warning' };
  }
  return null;
}

/**
 * `redirectUrl`: the Redirect URL to register with an identity provider (server/oidc/
 * redirect-url.ts), the same for every organization; null when none can be built.
 */
export function toSessionBody(
  user: User,
  org: Organization,
  billing: SessionBilling,
  redirectUrl: string | null,
): Session {
  return {
    user: { name: user.name, email: user.email },
    organization: {
      name: org.name,
      slug: org.slug,
      ssoProvider: org.ssoProvider ?? null,
      redirectUrl,
    },
    portalPreferences: {
      orgId: org.id,
      apiAccess: org.apiAccess,
      threatHunterAccess: org.threatHunterAccess,
    },
    error: sessionErrorFor(billing),
  };
}
