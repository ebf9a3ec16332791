import { findDemoOrg, runSeedStepOnce } from './seed-step';
/**
 * Demo alerts (server/seed/README.md), a seed step that runs once per database (recorded in
 * `seed_steps`, like the demo devices and the SSO directory), after those steps.
 *
 * Acme: 60 alerts on its seeded devices (picked with a fixed-seed PRNG from the devices that have
 * a model and a scan, ordered by code), over every severity including 'Informational' (the
 * console's default badge style); 40 Open and 20 Closed; every tenth alert (6) on a device
 * without a member, so memberName is null; descriptions are JSON lists of `{threat}`, except ONE
 * that is malformed (not JSON), for the console's robustness. Scan times are whole minutes, at
 * least three hours apart, before the reference time 2026-11-20T14:05:00Z: every row is
 * identifiable by device and scan time, and the newest alert has a readable description.
 * Globex: 4 alerts. Initech and Newco: none (the empty state).
 */
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { KNOWN_ALERT_SEVERITIES } from '@domain/alerts';
import type { Database } from '../db';
import { devices, type NewAlertRow } from '../db/schema';
import { insertAlerts } from '../alerts/data';
import { DEMO_REFERENCE_TIME, seededRandom } from './seed-devices';

export const DEMO_ALERTS_STEP = '0004_demo_alerts';

/** The other severity: no badge colour of its own. */
export const DEMO_OTHER_SEVERITY = 'Informational';
const SEVERITIES = [...KNOWN_ALERT_SEVERITIES, DEMO_OTHER_SEVERITY] as const;
type Severity = (typeof SEVERITIES)[number];

/** Alert names by severity, each with the threats its description draws from. */
const CATALOGUE: Record<Severity, ReadonlyArray<{ name: string; threats: readonly string[] }>> = {
  Critical: [
    {
      name: 'Jailbreak detected',
      threats: [
        'Jailbreak: Dopamine',
        'Jailbreak: palera1n',
        'System partition modified',
        'Code signing enforcement disabled',
      ],
    },
    {
      name: 'Malicious app detected',
      threats: [
        'Banking trojan: com.fastcleaner.boost',
        'Spyware: com.sys.update.service',
        'Stalkerware: com.family.tracker.pro',
        'Dropper: com.pdf.reader.lite',
      ],
    },
    {
      name: 'Spyware implant detected',
      threats: [
        'Known spyware process running',
        'Data exfiltration to unknown host',
        'Persistence through a launch daemon',
      ],
    },
    {
      name: 'Man-in-the-middle attack',
      threats: [
        'TLS interception on the current network',
        'ARP spoofing on the local network',
        'Rogue root certificate in use',
      ],
    },
  ],
  High: [
    {
      name: 'Phishing link blocked',
      threats: [
        'Phishing URL: acme-sso-login.example',
        'Phishing URL: m1crosoft-verify.example',
        'SMS phishing link',
        'Credential harvesting page',
      ],
    },
    {
      name: 'Malicious configuration profile',
      threats: [
        'Profile routes traffic through an unknown VPN',
        'Profile installs a root certificate',
        'Profile redirects DNS',
      ],
    },
    {
      name: 'Sideloaded app detected',
      threats: [
        'App from an unknown source: com.free.vpn.pro',
        'App signed with an enterprise certificate',
        'App installed over USB debugging',
      ],
    },
  ],
  Suspicious: [
    {
      name: 'Risky Wi-Fi network',
      threats: [
        'Open network without encryption',
        'Captive portal with an invalid certificate',
        'Network impersonating a known one',
      ],
    },
    {
      name: 'Unusual network activity',
      threats: [
        'Beacon to a newly registered domain',
        'DNS queries to generated domain names',
        'Traffic to a known command-and-control range',
      ],
    },
    {
      name: 'App with excessive permissions',
      threats: [
        'Accessibility service for an unknown app',
        'SMS access for a flashlight app',
        'Device administrator rights for an unknown app',
      ],
    },
  ],
  Low: [
    {
      name: 'Outdated OS',
      threats: [
        'OS version no longer receives security updates',
        'Security patch level older than 90 days',
        'OS update available but not installed',
      ],
    },
    { name: 'Screen lock disabled', threats: ['No passcode set', 'Auto-lock set to never'] },
    {
      name: 'Developer options enabled',
      threats: ['USB debugging enabled', 'Developer mode enabled'],
    },
  ],
  Informational: [
    {
      name: 'Scan completed with notes',
      threats: ['Installed apps could not be listed', 'Scan interrupted by low battery'],
    },
    {
      name: 'New app installed from store',
      threats: ['App installed: Authenticator', 'App installed: Travel Planner'],
    },
  ],
};

/** How many alerts of each severity an organization gets (Acme's add up to 60). */
interface AlertPlan {
  slug: string;
  admin: string;
  severities: Record<Severity, number>;
  closed: number;
  /** Every n-th alert (from the 4th on) goes to a device without a member, if there is one. */
  memberlessEvery: number | null;
  /** Index (newest first) of the alert whose description is malformed, if any. */
  malformed: number | null;
}

const PLANS: AlertPlan[] = [
  {
    slug: 'acme',
    admin: 'admin@acme.test',
    severities: { Critical: 9, High: 13, Suspicious: 13, Low: 15, Informational: 10 },
    closed: 20,
    memberlessEvery: 10,
    malformed: 6,
  },
  {
    slug: 'globex',
    admin: 'sso.admin@globex.test',
    severities: { Critical: 0, High: 1, Suspicious: 1, Low: 1, Informational: 1 },
    closed: 1,
    memberlessEvery: null,
    malformed: null,
  },
];

type Random = ReturnType<typeof seededRandom>;

function shuffle<T>(random: Random, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

const hex32 = (random: Random) =>
  Math.floor(random.next() * 0x1_0000_0000)
    .toString(16)
    .padStart(8, '0');

/** A demo alert before its device id is known: `memberless` asks for a device without a member. */
export interface DemoAlert extends Omit<NewAlertRow, 'orgId' | 'deviceId' | 'deviceLabel'> {
  memberless: boolean;
}

/** The alerts of a plan, newest first; the same for the same generator state. */
export function demoAlerts(random: Random, plan: AlertPlan): DemoAlert[] {
  const severities = shuffle(
    random,
    SEVERITIES.flatMap((s) => Array.from({ length: plan.severities[s] }, () => s)),
  );
  const statuses = shuffle(
    random,
    severities.map((_, i) => (i < plan.closed ? ('Closed' as const) : ('Open' as const))),
  );
  // Keep the newest open: the console's first row then reads as a fresh detection.
  const firstOpen = statuses.indexOf('Open');
  if (firstOpen > 0) [statuses[0], statuses[firstOpen]] = ['Open', 'Closed'];

  let minutesBefore = 0;
  return severities.map((severity, i) => {
    // 3 to 8 hours apart, in whole minutes: distinct and decreasing.
    minutesBefore += random.int(i === 0 ? 7 : 180, i === 0 ? 40 : 480);
    const kind = random.pick(CATALOGUE[severity]);
    const threats = shuffle(random, [...kind.threats]).slice(0, random.int(1, 3));
    const description = JSON.stringify(threats.map((threat) => ({ threat })));
    return {
      scanId: `scan_${hex32(random)}${hex32(random)}`,
      alertName: kind.name,
      // Cut before its closing brackets: not JSON any more.
      alertDescription: i === plan.malformed ? description.slice(0, -2) : description,
      severity,
      status: statuses[i] ?? 'Open',
      scanTime: new Date(DEMO_REFERENCE_TIME - minutesBefore * 60_000),
      memberless: plan.memberlessEvery !== null && i % plan.memberlessEvery === 3,
    };
  });
}

/** Runs the demo alerts step unless it ran before; returns whether it ran now. */
export async function seedDemoAlerts(db: Database): Promise<boolean> {
  return runSeedStepOnce(
    db,
    { name: DEMO_ALERTS_STEP, lock: 72431005, appliedAt: new Date(DEMO_REFERENCE_TIME) },
    async (tx) => {
      const random = seededRandom(20261123);
      for (const plan of PLANS) {
        // Generated even when skipped, so the other organizations' rows never depend on it.
        const planned = demoAlerts(random, plan);
        const picks = planned.map(() => random.next());
        const orgId = await findDemoOrg(tx, { slug: plan.slug, admin: plan.admin });
        if (orgId === null) continue;
        // Devices that have reported a scan, in a fixed order.
        const scanned = await tx
          .select({ id: devices.id, memberId: devices.memberId })
          .from(devices)
          .where(
            and(eq(devices.orgId, orgId), isNotNull(devices.model), isNotNull(devices.lastScanAt)),
          )
          .orderBy(asc(devices.code));
        const withMember = scanned.filter((d) => d.memberId !== null);
        const memberless = scanned.filter((d) => d.memberId === null);
        if (scanned.length === 0) continue;

        const rows = planned.map(({ memberless: wantsMemberless, ...alert }, i) => {
          const pool =
            wantsMemberless && memberless.length > 0
              ? memberless
              : withMember.length > 0
                ? withMember
                : scanned;
          const device = pool[Math.floor((picks[i] ?? 0) * pool.length)] ?? scanned[0];
          // The trigger replaces the label (and member name) with the device's.
          return { ...alert, orgId: orgId, deviceId: device?.id ?? null, deviceLabel: '' };
        });
        // Demo data: no webhook events (insertAlerts, not openAlerts; seeding runs before any
        // endpoint could be saved, and the demo's history is not news).
        await insertAlerts(tx, rows);
      }
    },
  );
}
