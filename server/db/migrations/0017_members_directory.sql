-- The Members page's list (server/members/directory.ts, docs/product/members.md 'The Members
-- page'): members of an organization by name, a page at a time, without sorting them all.
CREATE INDEX members_org_name_order_idx ON members (org_id, lower(name) COLLATE "C", id);
