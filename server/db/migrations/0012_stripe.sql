-- Stripe (docs/decisions/040-stripe.md). Only used when the server runs with
-- STRIPE_SECRET_KEY; without it these stay empty and the offline card processor works as before.

-- One Stripe customer per organization, created on first need. Gone with the organization (the
-- customer itself stays at Stripe, with its invoices).
CREATE TABLE stripe_customers (
  org_id integer PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
  customer_id text NOT NULL UNIQUE CHECK (customer_id ~ '^cus_[A-Za-z0-9]{1,255}$'),
  created_at timestamptz NOT NULL
);

-- The subscriptions row mirrors the organization's Stripe subscription:
--   stripe_subscription_id  which one (NULL: a plan of the offline processor, or custom billing);
--   ends_at                 a canceled plan that runs until then (Stripe's cancel_at_period_end);
--   stripe_state_at         Stripe's time of the newest state written: an event created before it
--                           is older news and changes nothing (events arrive in any order).
ALTER TABLE subscriptions ADD COLUMN stripe_subscription_id text UNIQUE
  CHECK (stripe_subscription_id ~ '^sub_[A-Za-z0-9]{1,255}$');
ALTER TABLE subscriptions ADD COLUMN ends_at timestamptz;
ALTER TABLE subscriptions ADD COLUMN stripe_state_at timestamptz;

-- Stripe events already handled, by event id: a replayed or re-sent event changes nothing.
-- Not organization data (an event may concern none); housekeeping forgets them after 90 days.
CREATE TABLE stripe_events (
  id text PRIMARY KEY CHECK (id ~ '^evt_[A-Za-z0-9]{1,255}$'),
  type text NOT NULL CHECK (type <> ''),
  -- The event's own time (Stripe's `created`), and when this server handled it.
  created_at timestamptz NOT NULL,
  handled_at timestamptz NOT NULL
);
CREATE INDEX stripe_events_handled_at_idx ON stripe_events (handled_at);
