-- Single sign-on (docs/decisions/026-members-and-sso.md): the provider configuration of an
-- organization, and the simulated identity provider's directory (users and groups) that the group
-- selection pages through.

-- One configuration per organization. client_secret is write-only for the API: no query of the
-- application reads it back into an answer or a log line.
CREATE TABLE sso_configs (
  org_id integer PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('okta', 'azure')),
  client_id text NOT NULL,
  client_secret text NOT NULL,
  tenant text NOT NULL,
  updated_at timestamptz NOT NULL
);

-- The directory stands in for the provider's (Okta/Azure) user and group APIs.
CREATE TABLE sso_directory_users (
  id serial PRIMARY KEY,
  org_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  -- The provider's user id (e.g. Okta '00u…'): the member id the group members call answers.
  external_id text NOT NULL,
  name text NOT NULL,
  email text NOT NULL,
  UNIQUE (org_id, external_id)
);

CREATE TABLE sso_directory_groups (
  id serial PRIMARY KEY,
  org_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  external_id text NOT NULL,
  name text NOT NULL,
  UNIQUE (org_id, external_id)
);
-- The group list's order (keyset pages): name lower-cased in byte order, then the provider's id.
CREATE INDEX sso_directory_groups_order_idx ON sso_directory_groups
  (org_id, lower(name) COLLATE "C", external_id COLLATE "C");

CREATE TABLE sso_directory_group_members (
  group_id integer NOT NULL REFERENCES sso_directory_groups (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES sso_directory_users (id) ON DELETE CASCADE,
  PRIMARY KEY (group_id, user_id)
);
CREATE INDEX sso_directory_group_members_user_idx ON sso_directory_group_members (user_id);
