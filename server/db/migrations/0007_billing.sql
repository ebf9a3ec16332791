-- Billing: the organization's subscription, its stored payment methods and the card setups (client
-- secrets) of the offline card processor. See docs/decisions/029-billing-plan-and-welcome.md.

-- Stored payment methods: what a card processor hands back, never the card itself. No full card
-- number and no CVC is ever written anywhere: only the network, the last four digits and the
-- expiry. `outcome` remembers the processor's test behaviour of the card ('incomplete': a
-- subscription paid with it ends 'incomplete'). At most one default method per organization.
CREATE TABLE payment_methods (
  id text PRIMARY KEY CHECK (id ~ '^pm_[A-Za-z0-9]{16,64}$'),
  org_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  network text NOT NULL CHECK (network IN ('visa', 'mastercard', 'amex', 'discover', 'unknown')),
  last_four text NOT NULL CHECK (last_four ~ '^[0-9]{4}$'),
  exp_month smallint NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
  exp_year smallint NOT NULL CHECK (exp_year BETWEEN 2000 AND 2100),
  outcome text NOT NULL DEFAULT 'succeeds' CHECK (outcome IN ('succeeds', 'incomplete')),
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL
);
CREATE INDEX payment_methods_org_id_idx ON payment_methods (org_id, created_at);
CREATE UNIQUE INDEX payment_methods_default_idx ON payment_methods (org_id) WHERE is_default;

-- One subscription per organization; no row reads as status 'none'. This table is the only place
-- the plan status lives (organizations.plan_status is dropped below). 'invoice' is not a status:
-- an organization billed by invoice has `invoice` set (the plan tab then shows status 'invoice').
CREATE TABLE subscriptions (
  org_id integer PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (
    status IN ('active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'canceled', 'none')
  ),
  invoice boolean NOT NULL DEFAULT false,
  -- The next renewal (the end of the current billing period; the trial end while trialing).
  current_period_end timestamptz,
  -- What the next renewal charges, in cents (the plan price; 0 for custom billing).
  amount_due_cents integer NOT NULL DEFAULT 0 CHECK (amount_due_cents >= 0),
  trial_end timestamptz,
  canceled_at timestamptz,
  updated_at timestamptz NOT NULL,
  CHECK (status <> 'trialing' OR trial_end IS NOT NULL),
  CHECK (status <> 'canceled' OR canceled_at IS NOT NULL)
);

-- A card setup: the client secret handed out by /customer-billing-update-key. Only its sha256 is
-- stored; it works once (used_at), for one hour, and only for its organization's payment methods.
CREATE TABLE card_setups (
  secret_hash text PRIMARY KEY,
  org_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  -- The payment method the confirmation created.
  payment_method_id text REFERENCES payment_methods (id) ON DELETE SET NULL
);
CREATE INDEX card_setups_org_id_idx ON card_setups (org_id);
CREATE INDEX card_setups_expires_at_idx ON card_setups (expires_at);
CREATE INDEX card_setups_payment_method_id_idx ON card_setups (payment_method_id);

-- The plan status moves from organizations to subscriptions (one source of truth). Databases
-- seeded before this migration keep their statuses; the billing seed step then fills in the demo
-- organizations' details.
INSERT INTO subscriptions (org_id, status, invoice, current_period_end, trial_end, canceled_at, updated_at)
SELECT
  id,
  CASE
    WHEN plan_status = 'invoice' THEN 'active'
    WHEN plan_status IN ('active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'canceled')
      THEN plan_status
    ELSE 'none'
  END,
  plan_status = 'invoice',
  CASE
    WHEN plan_status IN ('active', 'trialing', 'past_due', 'unpaid', 'invoice')
      THEN now() + interval '30 days'
  END,
  CASE WHEN plan_status = 'trialing' THEN now() + interval '30 days' END,
  CASE WHEN plan_status = 'canceled' THEN now() END,
  now()
FROM organizations
WHERE plan_status <> 'none';

ALTER TABLE organizations DROP COLUMN plan_status;
