-- Threat alert e-mails (docs/decisions/057-alert-emails-and-severity.md): per organization, the
-- hour being counted and how many reports were e-mailed one by one in it. Past the cap, the rest
-- of the hour goes into one summary e-mail, from the first alert not e-mailed on. One row per
-- organization, rewritten when a new hour starts.
CREATE TABLE threat_alert_mail_windows (
  org_id integer PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
  window_start timestamptz NOT NULL,
  emailed integer NOT NULL CONSTRAINT threat_alert_mail_windows_emailed_check CHECK (emailed >= 0),
  -- The first alert opened in this hour (the summary of the hour before stops before it).
  first_alert_id integer NOT NULL
);
