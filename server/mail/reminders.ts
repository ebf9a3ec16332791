/**
 * The device scan reminder (docs/product/notifications.md, 'Device scan reminder';
 * server/policies/reminders.ts decides who gets it and when). Names are inserted as typed: the
 * text part is text and the HTML part escapes them (content.ts).
 */
import type { MailContent } from './content';

export interface ScanReminderParams {
  orgName: string;
  name: string;
  /** The member's devices that have not scanned within the interval (model, else code). */
  devices: string[];
  /** The interval as the settings card words it ('7 days'). */
  interval: string;
}

export function scanReminderEmail(to: string, p: ScanReminderParams): MailContent {
  const one = p.devices.length === 1;
  return {
    to,
    subject: `Open the app to scan your device`,
    heading: 'Time for a security scan',
    preview: `${p.orgName} asks you to scan your device: no scan in the last ${p.interval}.`,
    blocks: [
      { kind: 'text', lines: [`Hello ${p.name},`] },
      {
        kind: 'text',
        lines: [
          `${one ? 'Your device has' : 'Your devices have'} not been scanned in the last ${p.interval}:`,
        ],
      },
      { kind: 'steps', intro: one ? 'The device:' : 'The devices:', items: p.devices },
      {
        kind: 'text',
        lines: [
          `Open the mobile security app on ${one ? 'it' : 'each of them'} to run a scan, so ${p.orgName} knows ${one ? 'it is' : 'they are'} safe.`,
        ],
      },
    ],
  };
}
