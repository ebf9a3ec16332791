import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import {
  AUDIT_ACTION_GROUPS,
  AUDIT_ACTION_LABELS,
  AUDIT_RETENTION_LABELS,
  AUDIT_RETENTIONS,
  auditActorKey,
  isAuditAction,
  type AuditActorType,
  type AuditTargetType,
} from '@domain/audit';
import { labelled } from '@domain/labels';
import { AuditEventList } from '@ui/portal/audit-log/audit-event-list';
import { AuditExportMenu } from '@ui/portal/audit-log/audit-export-menu';
import {
  AuditFilterBar,
  type AuditActionGroup,
  type AuditFilterValue,
} from '@ui/portal/audit-log/audit-filter-bar';
import { AuditRetentionCard } from '@ui/portal/audit-log/audit-retention-card';
import { CardTitle } from '@ui/primitives/card/card';
import { Paginator } from '@ui/primitives/paginator/paginator';
import { analytics } from '../analytics/instance';
import { paths } from '../routing/paths';
import { messages } from '../messages/messages';
import {
  DEFAULT_ACTIVITY_QUERY,
  isFiltered,
  parseActivityQuery,
  serializeActivityQuery,
  type ActivityQuery,
} from './activity-query';
import { inlineFailure, isServerError } from './failure';
import {
  exportHrefs,
  useAuditEvents,
  useAuditFilterOptions,
  useAuditSettings,
} from './use-activity';

/** The action filter's groups: the catalogue's, with its labels (domain/audit.ts). */
const ACTION_GROUPS: AuditActionGroup[] = AUDIT_ACTION_GROUPS.map((group) => ({
  id: group.id,
  label: group.label,
  options: labelled(group.actions, AUDIT_ACTION_LABELS),
}));

const RETENTION_OPTIONS = labelled(AUDIT_RETENTIONS, AUDIT_RETENTION_LABELS);

/** What a target kind is called under its name in the list. */
const TARGET_TYPE_LABELS: Readonly<Record<AuditTargetType, string>> = {
  user: 'Administrator',
  organization: 'Organization',
  device: 'Device',
  member: 'Member',
  alert: 'Alert',
  admin: 'Administrator',
  threat_hunter_user: 'Threat Hunter user',
  sso: 'SSO',
  scim: 'SCIM',
  mdm: 'MDM',
  api_key: 'API key',
  webhook: 'Webhook',
  webhook_delivery: 'Webhook delivery',
  email: 'E-mail',
  conditional_access: 'Conditional access',
  notifications: 'Notifications',
  billing: 'Billing',
  plan: 'Plan',
  audit_log: 'Activity log',
};

/** The actor filter's suffix for actors that are not people. */
const ACTOR_KIND: Readonly<Record<AuditActorType, string>> = {
  user: '',
  api_key: ' (API key)',
  scim: ' (SCIM)',
  system: ' (System)',
  device: ' (Device)',
};

const formatAction = (action: string) =>
  isAuditAction(action) ? AUDIT_ACTION_LABELS[action] : action;
const formatTargetType = (type: string) => TARGET_TYPE_LABELS[type as AuditTargetType] ?? type;

const toFilterValue = (query: ActivityQuery): AuditFilterValue => ({
  actor: query.actor,
  actions: query.actions,
  outcome: query.outcome,
  from: query.from,
  to: query.to,
  q: query.q,
});

/**
 * Settings › Activity (docs/product/activity.md): the organization's audit log, newest
 * first, with its filters in the address, the paginator, CSV and JSON-lines exports of the current
 * filters, and the retention setting.
 */
export function ActivityTab() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = useMemo(() => parseActivityQuery(search), [search]);
  const go = useCallback(
    (next: ActivityQuery) =>
      navigate(`${paths.settings}${serializeActivityQuery(next)}`, { replace: true }),
    [navigate],
  );

  const events = useAuditEvents(query);
  const actors = useAuditFilterOptions();
  const settings = useAuditSettings();
  const hrefs = exportHrefs(query);

  const totalPages = events.page?.totalPages ?? 0;
  // A page past the end (fewer events since the link was made) shows the last one.
  useEffect(() => {
    if (events.page && totalPages > 0 && query.page > totalPages)
      go({ ...query, page: totalPages });
  }, [events.page, totalPages, query, go]);

  const actorOptions = useMemo(() => {
    const options = (actors ?? []).map((actor) => ({
      value: auditActorKey(actor),
      label: `${actor.display}${ACTOR_KIND[actor.type]}`,
    }));
    // An actor from the address that the list does not hold (yet) still shows as chosen.
    if (query.actor && !options.some((o) => o.value === query.actor)) {
      options.push({ value: query.actor, label: query.actor });
    }
    return options;
  }, [actors, query.actor]);

  const onFilterChange = useCallback(
    (value: AuditFilterValue) =>
      go({
        ...query,
        actor: value.actor,
        actions: value.actions.filter(isAuditAction),
        outcome: value.outcome,
        from: value.from,
        to: value.to,
        q: value.q.trim(),
        page: 1,
      }),
    [go, query],
  );

  const total = events.page?.total;
  return (
    <div data-slot="activity-tab" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <CardTitle>Activity</CardTitle>
          <p className="text-sm text-ink-muted">
            Every change made in this portal and every sign-in, newest first. Events cannot be
            edited or deleted.
          </p>
        </div>
        <AuditExportMenu
          csvHref={hrefs.csv}
          jsonLinesHref={hrefs.jsonLines}
          onExport={(format) => analytics.track('exportActivity', { format })}
        />
      </div>
      <AuditFilterBar
        value={toFilterValue(query)}
        onValueChange={onFilterChange}
        actorOptions={actorOptions}
        actionGroups={ACTION_GROUPS}
      />
      <p aria-live="polite" className="text-sm text-ink-muted">
        {total === undefined
          ? ''
          : total === 1
            ? '1 event'
            : `${total.toLocaleString('en-US')} events`}
      </p>
      <AuditEventList
        events={events.page?.events}
        loadError={events.failed ? messages.auditEventsFailed : undefined}
        onRetry={events.retry}
        refreshing={events.refreshing}
        filtered={isFiltered(query)}
        onClearFilters={() => go({ ...DEFAULT_ACTIVITY_QUERY, pageSize: query.pageSize })}
        formatAction={formatAction}
        formatTargetType={formatTargetType}
      />
      {totalPages > 0 ? (
        <Paginator
          page={query.page}
          pageCount={totalPages}
          pageSize={query.pageSize}
          navLabel="Activity pages"
          onPageChange={(page) => go({ ...query, page })}
          onPageSizeChange={(pageSize) => go({ ...query, pageSize, page: 1 })}
        />
      ) : null}
      <AuditRetentionCard
        options={RETENTION_OPTIONS}
        value={settings.retention}
        saving={settings.update.busy}
        error={
          settings.failed
            ? messages.auditSettingsFailed
            : // A refusal says why (the server's text); anything else is the catalogued text.
              isServerError(settings.update.error)
              ? messages.updateAuditSettingsFailed
              : inlineFailure(settings.update.error, messages.updateAuditSettingsFailed)
        }
        onRetry={settings.failed ? settings.retry : undefined}
        onSave={async (retention) => {
          settings.update.clearError();
          await settings.update.trigger(retention, { throwOnError: true });
        }}
      />
    </div>
  );
}
