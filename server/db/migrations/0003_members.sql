-- Members get an enrolment code and an invitation state (docs/decisions/026-members-and-sso.md).
-- One member row is one enrolment seat: a person may enroll several devices, so an administrator
-- may add the same e-mail again on purpose (a re-allowed duplicate). The unique index of 0001 goes;
-- a plain index keeps the case-insensitive look-ups of the duplicate rule fast.
DROP INDEX members_org_email_idx;
CREATE INDEX members_org_lower_email_idx ON members (org_id, lower(email));

-- NULL for members created before codes existed (the demo data): a code is given on first e-mail.
ALTER TABLE members ADD COLUMN enrollment_code text UNIQUE;
-- When the invitation e-mail was handed to the mailer; NULL: not sent yet (email=false, or failed).
ALTER TABLE members ADD COLUMN invited_at timestamptz;
CREATE INDEX members_not_invited_idx ON members (org_id) WHERE invited_at IS NULL;
