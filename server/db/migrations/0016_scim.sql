-- The SCIM 2.0 service (server/scim/, docs/decisions/050-scim.md): provisioned members, their
-- deactivation, and the groups an identity provider pushes.

-- Where a member came from; members made before this migration count as added by hand.
ALTER TABLE members
  ADD COLUMN source text NOT NULL DEFAULT 'manual' CHECK (source IN ('manual', 'csv', 'sso', 'scim'));
-- Deactivated (by SCIM `active: false` or DELETE): the member and their devices stay on record,
-- and the member can no longer enrol. NULL: active.
ALTER TABLE members ADD COLUMN deactivated_at timestamptz;
-- The SCIM resource of a provisioned member: its id (a UUID we assign), the identity provider's
-- userName (unique per organization, case-insensitively, RFC 7643 §4.1.1) and externalId, the
-- attributes as provisioned, and when SCIM last changed them. A SCIM DELETE clears the id and
-- userName (the resource is gone) while the member stays, deactivated.
ALTER TABLE members ADD COLUMN scim_id text UNIQUE;
ALTER TABLE members ADD COLUMN scim_user_name text;
ALTER TABLE members ADD COLUMN scim_external_id text;
ALTER TABLE members ADD COLUMN scim_attributes jsonb;
ALTER TABLE members ADD COLUMN scim_updated_at timestamptz;
CREATE UNIQUE INDEX members_org_scim_user_name_idx ON members (org_id, lower(scim_user_name))
  WHERE scim_user_name IS NOT NULL;
CREATE INDEX members_org_scim_external_id_idx ON members (org_id, scim_external_id)
  WHERE scim_external_id IS NOT NULL;
-- The SCIM list's order (its resources in creation order).
CREATE INDEX members_org_scim_order_idx ON members (org_id, id) WHERE scim_id IS NOT NULL;

-- A device of a deactivated member is marked too (the same moment), and unmarked on reactivation.
ALTER TABLE devices ADD COLUMN deactivated_at timestamptz;

-- The SCIM tab's option 'Send enrolment invitations to provisioned members' (default on). On the
-- organization, so disabling SCIM (which revokes the token) keeps the choice.
ALTER TABLE organizations ADD COLUMN scim_send_invitations boolean NOT NULL DEFAULT true;

-- Groups pushed by SCIM: for an organization with SCIM enabled these are the groups the SSO
-- groups screen lists (instead of the simulated directory).
CREATE TABLE scim_groups (
  id text PRIMARY KEY,
  org_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  display_name text NOT NULL CHECK (display_name <> ''),
  external_id text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX scim_groups_org_order_idx ON scim_groups (org_id, lower(display_name) COLLATE "C", id COLLATE "C");

CREATE TABLE scim_group_members (
  group_id text NOT NULL REFERENCES scim_groups (id) ON DELETE CASCADE,
  member_id integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  PRIMARY KEY (group_id, member_id)
);
CREATE INDEX scim_group_members_member_idx ON scim_group_members (member_id);
