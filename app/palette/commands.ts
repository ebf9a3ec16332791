import { labelled } from '@domain/labels';
import { isSettingsTabVisible, SETTINGS_TAB_LABELS, SETTINGS_TABS } from '@domain/settings';
import { paths, settingsTab } from '../routing/paths';

/*
 * What the command palette offers without a search (docs/decisions/060-column-chooser-and-command-
 * palette.md): every screen of the header and every settings tab the signed-in administrator may
 * open (Threat Hunter only with its access), and the actions.
 */

export type PaletteCommand =
  | { kind: 'go'; id: string; group: 'Go to' | 'Settings'; label: string; to: string }
  | { kind: 'action'; id: 'invite-members' | 'export-devices'; group: 'Actions'; label: string };

export function paletteCommands(access: { threatHunterAccess: boolean }): PaletteCommand[] {
  const screens: PaletteCommand[] = [
    { kind: 'go', id: 'go-dashboard', group: 'Go to', label: 'Dashboard', to: paths.dashboard },
    { kind: 'go', id: 'go-alerts', group: 'Go to', label: 'Alerts', to: paths.alertsConsole },
    { kind: 'go', id: 'go-members', group: 'Go to', label: 'Members', to: paths.members },
    { kind: 'go', id: 'go-settings', group: 'Go to', label: 'Settings', to: paths.settings },
  ];
  const tabs = labelled(SETTINGS_TABS, SETTINGS_TAB_LABELS)
    .filter((tab) => isSettingsTabVisible(tab.value, access.threatHunterAccess))
    .map((tab): PaletteCommand => ({
      kind: 'go',
      id: `settings-${tab.value}`,
      group: 'Settings',
      label: `Settings › ${tab.label}`,
      to: settingsTab(tab.value),
    }));
  const actions: PaletteCommand[] = [
    { kind: 'action', id: 'invite-members', group: 'Actions', label: 'Invite members' },
    { kind: 'action', id: 'export-devices', group: 'Actions', label: 'Export devices' },
  ];
  return [...screens, ...tabs, ...actions];
}

/** The keyboard shortcuts, as the `?` dialog lists them. */
export const SHORTCUTS = [
  { keys: ['Ctrl', 'K'], mac: ['⌘', 'K'], does: 'Open the command palette' },
  { keys: ['/'], mac: ['/'], does: "Search the current page's table" },
  { keys: ['?'], mac: ['?'], does: 'Show these keyboard shortcuts' },
  { keys: ['Esc'], mac: ['Esc'], does: 'Close the palette or a dialog' },
] as const;

export type Shortcut = 'palette' | 'search' | 'help';

/** An element the user types into: shortcuts stay out of its way. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  if (element.closest('textarea, select, [contenteditable="true"], [role="combobox"]')) return true;
  const input = element.closest('input');
  if (!input) return false;
  // Check boxes, radios and buttons take no text: '/' there is still a shortcut.
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(
    input.type,
  );
}

/**
 * The shortcut a key press means, or null. Ctrl/⌘+K works everywhere (even in a field, as in
 * every console that has it); `/` and `?` never fire while typing, nor with a modifier other
 * than Shift.
 */
export function shortcutOf(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
  defaultPrevented?: boolean;
}): Shortcut | null {
  if (event.defaultPrevented) return null;
  if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
    return 'palette';
  }
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (isTypingTarget(event.target)) return null;
  if (event.key === '/') return 'search';
  if (event.key === '?') return 'help';
  return null;
}
