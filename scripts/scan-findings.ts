/**
 * The findings the simulator (./simulate.ts) and the scan bench's devices (./bench-scans-load.ts)
 * report: a small catalogue, so findings repeat across a device's reports and an alert must not
 * open twice. In the device API's shape (contract/device-api.ts).
 */
export const CRITICAL_FINDINGS = [
  {
    threatId: 'trojan.banker.a',
    name: 'Banking trojan',
    severity: 'critical',
    category: 'Malware',
  },
  { threatId: 'spyware.stalker.b', name: 'Stalkerware', severity: 'critical', category: 'Malware' },
  {
    threatId: 'net.mitm.c',
    name: 'Man-in-the-middle attack',
    severity: 'critical',
    category: 'Network',
  },
  {
    threatId: 'phish.sms.d',
    name: 'Phishing link in SMS',
    severity: 'critical',
    category: 'Phishing',
  },
] as const;

export const WARNING_FINDINGS = [
  {
    threatId: 'os.outdated.e',
    name: 'Outdated operating system',
    severity: 'warning',
    category: 'OS',
  },
  { threatId: 'app.sideload.f', name: 'Sideloaded app', severity: 'warning', category: 'Apps' },
  {
    threatId: 'dev.debug.g',
    name: 'USB debugging enabled',
    severity: 'warning',
    category: 'Device',
  },
  { threatId: 'net.wifi.h', name: 'Unsecured Wi-Fi', severity: 'warning', category: 'Network' },
] as const;
