/**
 * Threat alert e-mails (docs/product/notifications.md, 'Threat alert e-mails';
 * docs/decisions/057-alert-emails-and-severity.md; server/alerts/alert-emails.ts decides who gets
 * which and when). Three e-mails:
 *
 * - to each administrator, one per report that opened alerts: the device, its member, the new
 *   alerts (worst first) and the link to the open alerts in the console;
 * - to the member whose device it is, the same report in their words: what was found and what to
 *   do (the app removes or explains each threat; scan again afterwards);
 * - to each administrator, the hour's summary once the hour's cap of report e-mails is reached.
 *
 * No secret is in any of them (no code, no credential, no token): names, models, alert names and
 * counts. Names are inserted as typed: the text part is text, the HTML part escapes them.
 */
import type { MailBlock, MailContent } from './content';

export interface ThreatAlertItem {
  name: string;
  /** As stored on the alert ('Critical', 'Warning', …). */
  severity: string;
}

/** The most alerts one e-mail lists; the rest are counted ('and 3 more'). */
export const THREAT_ALERT_LIST_MAX = 20;

export interface ThreatAlertParams {
  orgName: string;
  /** The administrator's name. */
  name: string;
  /** The device as the console shows it (model, else code). */
  device: string;
  memberName: string | null;
  alerts: ThreatAlertItem[];
}

export interface MemberThreatAlertParams {
  orgName: string;
  /** The member's name. */
  name: string;
  device: string;
  alerts: ThreatAlertItem[];
}

export interface ThreatAlertDigestParams {
  orgName: string;
  name: string;
  /** The hour counted (ISO), and how many reports were e-mailed one by one in it. */
  windowStart: string;
  emailed: number;
  /** The alerts opened past the cap, up to the summary's time. */
  alerts: number;
  critical: number;
  devices: number;
  /** Of those, still open when the summary was written. */
  stillOpen: number;
  /** The devices with the most of them (label, member, count), at most 10. */
  top: Array<{ device: string; memberName: string | null; alerts: number }>;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Worst first (critical before the rest), then as reported. */
function worstFirst(alerts: readonly ThreatAlertItem[]): ThreatAlertItem[] {
  const rank = (a: ThreatAlertItem) => (a.severity.toLowerCase() === 'critical' ? 0 : 1);
  return alerts
    .map((a, i) => ({ a, i }))
    .sort((x, y) => rank(x.a) - rank(y.a) || x.i - y.i)
    .map((x) => x.a);
}

function alertLines(alerts: readonly ThreatAlertItem[]): string[] {
  const sorted = worstFirst(alerts);
  const lines = sorted.slice(0, THREAT_ALERT_LIST_MAX).map((a) => `${a.name} (${a.severity})`);
  const more = sorted.length - THREAT_ALERT_LIST_MAX;
  if (more > 0) lines.push(`and ${more} more`);
  return lines;
}

/** The console's open alerts, or a sentence naming it when no link can be built. */
function consoleAction(consoleUrl: string | null, label: string): MailBlock {
  return consoleUrl
    ? { kind: 'action', label, href: `${consoleUrl}/alerts-console?status=open` }
    : { kind: 'text', lines: ['Open the Alerts page of the admin portal to review them.'] };
}

function criticalCount(alerts: readonly ThreatAlertItem[]): number {
  return alerts.filter((a) => a.severity.toLowerCase() === 'critical').length;
}

export function threatAlertEmail(
  to: string,
  p: ThreatAlertParams,
  consoleUrl: string | null,
): MailContent {
  const n = p.alerts.length;
  const critical = criticalCount(p.alerts);
  const on = p.memberName ? `${p.device} (${p.memberName})` : p.device;
  const what =
    critical > 0 ? `${plural(n, 'new alert')}, ${critical} critical,` : plural(n, 'new alert');
  return {
    to,
    subject: `Threat alert: ${plural(n, 'new alert')} on ${on}`,
    heading: critical > 0 ? 'Critical threat found' : 'Threat found',
    preview: `A scan of ${on} in ${p.orgName} opened ${plural(n, 'alert')}.`,
    blocks: [
      { kind: 'text', lines: [`Hello ${p.name},`] },
      {
        kind: 'text',
        lines: [
          `A scan of ${p.device}${p.memberName ? `, the device of ${p.memberName},` : ' (no member)'} opened ${what} in ${p.orgName}:`,
        ],
      },
      { kind: 'steps', intro: 'New alerts:', items: alertLines(p.alerts) },
      consoleAction(consoleUrl, 'Review the open alerts'),
      {
        kind: 'text',
        lines: [
          p.memberName
            ? `${p.memberName} was told what to do on the device. Close the alerts once the threats are dealt with.`
            : 'Close the alerts once the threats are dealt with.',
          'You receive these e-mails because Threat Alert Emails are enabled in Settings › Notifications.',
        ],
      },
    ],
  };
}

export function memberThreatAlertEmail(to: string, p: MemberThreatAlertParams): MailContent {
  const n = p.alerts.length;
  return {
    to,
    subject: `Action needed: a threat was found on your ${p.device}`,
    heading: 'A threat was found on your device',
    preview: `The security app found ${plural(n, 'threat')} on your ${p.device}.`,
    blocks: [
      { kind: 'text', lines: [`Hello ${p.name},`] },
      {
        kind: 'text',
        lines: [`The mobile security app found ${plural(n, 'threat')} on your ${p.device}:`],
      },
      { kind: 'steps', intro: 'Found:', items: alertLines(p.alerts) },
      {
        kind: 'steps',
        intro: 'What to do:',
        items: [
          'Open the mobile security app on the device: it explains each threat and how to remove it.',
          'Follow its steps (for example, uninstall the app it names, or change the setting it shows).',
          'Run a new scan in the app, so your organization sees the device is safe again.',
        ],
      },
      {
        kind: 'text',
        lines: [
          `${p.orgName}'s administrators have been told. Until the threat is dealt with, your access to some of ${p.orgName}'s services may be limited.`,
          'Do not reply to this e-mail; ask your administrator if you need help.',
        ],
      },
    ],
  };
}

export function threatAlertDigestEmail(
  to: string,
  p: ThreatAlertDigestParams,
  consoleUrl: string | null,
): MailContent {
  const from = new Date(p.windowStart);
  const hour = `${from.toISOString().slice(11, 16)} UTC`;
  return {
    to,
    subject: `Threat alert summary: ${plural(p.alerts, 'more alert')} in ${p.orgName}`,
    heading: 'Threat alert summary',
    preview: `${plural(p.alerts, 'alert')} on ${plural(p.devices, 'device')} since the last alert e-mail.`,
    blocks: [
      { kind: 'text', lines: [`Hello ${p.name},`] },
      {
        kind: 'text',
        lines: [
          `Scans in ${p.orgName} opened many alerts in the hour from ${hour}. After ${plural(p.emailed, 'alert e-mail')}, the others are summed up here instead of one e-mail each:`,
          `${plural(p.alerts, 'alert')} (${p.critical} critical) on ${plural(p.devices, 'device')}; ${p.stillOpen} still open.`,
        ],
      },
      ...(p.top.length > 0
        ? [
            {
              kind: 'steps' as const,
              intro: 'Devices with the most alerts:',
              items: p.top.map(
                (d) =>
                  `${d.device}${d.memberName ? ` (${d.memberName})` : ''}: ${plural(d.alerts, 'alert')}`,
              ),
            },
          ]
        : []),
      consoleAction(consoleUrl, 'Review the open alerts'),
      {
        kind: 'text',
        lines: [
          'Alert e-mails start again one by one in the next hour.',
          'You receive these e-mails because Threat Alert Emails are enabled in Settings › Notifications.',
        ],
      },
    ],
  };
}
