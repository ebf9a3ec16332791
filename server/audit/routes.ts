/**
 * contract/audit.ts: the Activity view's calls — the list, its exports, the actors of its filter
 * and the retention setting. Everything is read in the session's organization only.
 */
import type { Hono } from 'hono';
import {
  AUDIT_CSV_COLUMNS,
  exportAuditEventsCsv,
  exportAuditEventsJsonLines,
  getAuditFilterOptions,
  getAuditSettings,
  listAuditEvents,
  updateAuditSettings,
  type AuditEvent,
} from '@contract/audit';
import type { Services } from '../deps';
import type { AppEnv } from '../env';
import type { Route } from '../http/route';
import { mapRows, streamCsv, streamJsonLines, type CsvValue } from '../http/csv-export';
import { AuditAnchorCache } from './anchors';
import { eachEvent, getRetention, listActors, listEventPage, setRetention } from './data';

function csvValues(e: AuditEvent): CsvValue[] {
  return [
    e.id,
    e.time,
    e.actor.type,
    e.actor.id,
    e.actor.display,
    e.action,
    e.target?.type ?? null,
    e.target?.id ?? null,
    e.target?.display ?? null,
    e.outcome,
    e.message,
    e.ip,
    e.userAgent,
    e.requestId,
    e.changes === null ? null : JSON.stringify(e.changes),
  ];
}

/** `activity-acme-2026-11-24.csv`: the organization's slug and the day of the export. */
function exportName(slug: string, now: Date, extension: string): string {
  return `activity-${slug}-${now.toISOString().slice(0, 10)}.${extension}`;
}

export function auditRoutes(app: Hono<AppEnv>, route: Route, s: Services): void {
  const anchors = new AuditAnchorCache();

  route(app, listAuditEvents, ({ query, session }) =>
    listEventPage(s.db, anchors, session.org.id, query),
  );

  route(app, exportAuditEventsCsv, ({ query, session, c }) =>
    streamCsv(
      c,
      exportName(session.org.slug, s.now(), 'csv'),
      AUDIT_CSV_COLUMNS,
      mapRows(eachEvent(s.db, session.org.id, query), csvValues),
    ),
  );

  route(app, exportAuditEventsJsonLines, ({ query, session, c }) =>
    streamJsonLines(
      c,
      exportName(session.org.slug, s.now(), 'jsonl'),
      eachEvent(s.db, session.org.id, query),
    ),
  );

  route(app, getAuditFilterOptions, async ({ session }) => ({
    actors: await listActors(s.db, session.org.id),
  }));

  route(app, getAuditSettings, async ({ session }) => ({
    retention: await getRetention(s.db, session.org.id),
  }));

  route(app, updateAuditSettings, async ({ body, session }) => {
    await setRetention(s.db, session.org.id, body.retention);
    return { retention: body.retention };
  });
}
