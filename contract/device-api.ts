import * as z from 'zod/mini';
import { DEVICE_PLATFORMS, DEVICE_SEVERITIES } from '@domain/devices';
import { defineEndpoint } from './endpoint';
import { isoDateTime } from './fields';

/**
 * The device API (`/api/device/v1`, docs/product/device-api.md): what the mobile app calls to
 * enrol with the code of its member's invitation, report scans, say it is alive and unenrol
 * itself. Not the portal's calls: they are not in `api.ts`'s registry (the portal never makes
 * them) but in {@link deviceEndpoints}. A device authenticates with the enrolment code (enrol) or
 * its credential (`Authorization: Bearer …`, the others), never a cookie; the CSRF header rule
 * does not apply. Every object is strict: an unknown field is refused (400), so a typo in the app
 * shows at once instead of being dropped.
 */

/** The enrolment code as the invitation e-mail prints it (`ABCD-EF23`); case and spaces forgiven. */
export const ENROLMENT_CODE_MAX_LENGTH = 32;
/** Free-text facts of a device (model, versions): generous, never unbounded. */
export const DEVICE_FACT_MAX_LENGTH = 100;
/** One report carries at most this many findings. */
export const SCAN_MAX_FINDINGS = 200;
export const FINDING_ID_MAX_LENGTH = 200;
export const FINDING_TEXT_MAX_LENGTH = 500;

/** Body caps (bytes): an enrolment is tiny; a report with SCAN_MAX_FINDINGS long findings fits. */
export const DEVICE_API_BODY_LIMITS = {
  enroll: 4 * 1024,
  scans: 256 * 1024,
  heartbeat: 1024,
  device: 1024,
} as const;

/** The severities a finding may have: the device's own, but for 'secure' (no finding). */
export const FINDING_SEVERITIES = DEVICE_SEVERITIES.filter(
  (s): s is Exclude<(typeof DEVICE_SEVERITIES)[number], 'secure'> => s !== 'secure',
);
export type FindingSeverity = (typeof FINDING_SEVERITIES)[number];

const fact = () => z.string().check(z.trim(), z.minLength(1), z.maxLength(DEVICE_FACT_MAX_LENGTH));

export const EnrollDeviceBody = z.strictObject({
  code: z.string().check(z.trim(), z.minLength(1), z.maxLength(ENROLMENT_CODE_MAX_LENGTH)),
  device: z.strictObject({
    model: fact(),
    platform: z.enum(DEVICE_PLATFORMS),
    osVersion: fact(),
    appVersion: fact(),
  }),
});
export type EnrollDeviceBody = z.infer<typeof EnrollDeviceBody>;

export const EnrollDeviceResponse = z.strictObject({
  /** The device's code on the dashboard. */
  deviceCode: z.string(),
  /** The device's credential: answered this once, stored only as a hash. */
  credential: z.string(),
});
export type EnrollDeviceResponse = z.infer<typeof EnrollDeviceResponse>;

export const Finding = z.strictObject({
  /** The app's stable id of the threat: the same threat on the same device is one alert. */
  threatId: z.string().check(z.trim(), z.minLength(1), z.maxLength(FINDING_ID_MAX_LENGTH)),
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(FINDING_TEXT_MAX_LENGTH)),
  severity: z.enum(FINDING_SEVERITIES),
  category: z.string().check(z.trim(), z.minLength(1), z.maxLength(FINDING_TEXT_MAX_LENGTH)),
});
export type Finding = z.infer<typeof Finding>;

export const ScanReportBody = z.strictObject({
  /** Chosen by the app per report; the same id again is the same report (changes nothing). */
  reportId: z.uuid(),
  scannedAt: isoDateTime(),
  osVersion: fact(),
  screenLock: z.boolean(),
  findings: z.array(Finding).check(z.maxLength(SCAN_MAX_FINDINGS)),
});
export type ScanReportBody = z.infer<typeof ScanReportBody>;

export const Accepted = z.strictObject({ accepted: z.literal(true) });
export type Accepted = z.infer<typeof Accepted>;

/** A heartbeat carries nothing but the credential; an empty object (or no body) is accepted. */
export const HeartbeatBody = z.optional(z.strictObject({}));

export const DeviceOk = z.strictObject({ ok: z.literal(true) });

export const enrollDevice = defineEndpoint({
  method: 'POST',
  path: '/device/v1/enroll',
  body: EnrollDeviceBody,
  response: EnrollDeviceResponse,
  public: true,
});

export const reportScan = defineEndpoint({
  method: 'POST',
  path: '/device/v1/scans',
  body: ScanReportBody,
  response: Accepted,
  public: true,
});

export const deviceHeartbeat = defineEndpoint({
  method: 'POST',
  path: '/device/v1/heartbeat',
  body: HeartbeatBody,
  response: DeviceOk,
  public: true,
});

export const unenrollSelf = defineEndpoint({
  method: 'DELETE',
  path: '/device/v1/device',
  response: DeviceOk,
  public: true,
});

/** Every call of the device API (the server routes each; the checks cover each). */
export const deviceEndpoints = { enrollDevice, reportScan, deviceHeartbeat, unenrollSelf } as const;

/** The answers' error texts (each a JSON `{ error }`): docs/product/device-api.md, 'Errors'. */
export const DEVICE_API_ERRORS = {
  unknownCode: 'This enrolment code is not valid.',
  usedCode: 'This enrolment code has already been used to enrol a device.',
  deactivatedMember: 'This member has been deactivated and cannot enrol a device.',
  tooManyAttempts: 'Too many enrolment attempts from this address. Try again later.',
  unauthorized: 'A valid device credential is required (Authorization: Bearer …).',
  tooLarge: 'Request body too large',
} as const;
