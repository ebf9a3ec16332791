// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { isTypingTarget, paletteCommands, shortcutOf } from './commands';

const key = (key: string, target: EventTarget | null, mods: Partial<KeyboardEventInit> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target,
  ...mods,
});

describe('paletteCommands', () => {
  it('offers every screen, every settings tab and the two actions', () => {
    const labels = paletteCommands({ threatHunterAccess: true }).map((c) => c.label);
    expect(labels).toEqual([
      'Dashboard',
      'Alerts',
      'Members',
      'Settings',
      'Settings › Administrators',
      'Settings › Billing',
      'Settings › Plan',
      'Settings › MDM',
      'Settings › SCIM',
      'Settings › SSO',
      'Settings › Integrations',
      'Settings › Notifications',
      'Settings › Threat Hunter',
      'Settings › Activity',
      'Invite members',
      'Export devices',
    ]);
    expect(paletteCommands({ threatHunterAccess: true })).toContainEqual(
      expect.objectContaining({ label: 'Settings › SSO', to: '/settings?tab=sso' }),
    );
  });

  it('leaves the Threat Hunter tab out without its access', () => {
    const labels = paletteCommands({ threatHunterAccess: false }).map((c) => c.label);
    expect(labels).not.toContain('Settings › Threat Hunter');
    expect(labels).toContain('Settings › Activity');
  });
});

describe('shortcutOf', () => {
  const body = document.body;
  const field = Object.assign(document.createElement('input'), { type: 'search' });
  const box = Object.assign(document.createElement('input'), { type: 'checkbox' });
  const area = document.createElement('textarea');
  const editable = document.createElement('div');
  editable.setAttribute('contenteditable', 'true');
  document.body.append(field, box, area, editable);

  it('Ctrl+K and ⌘+K open the palette, even in a field', () => {
    expect(shortcutOf(key('k', body, { ctrlKey: true }))).toBe('palette');
    expect(shortcutOf(key('K', field, { metaKey: true }))).toBe('palette');
    expect(shortcutOf(key('k', body))).toBeNull();
    expect(shortcutOf(key('k', body, { ctrlKey: true, altKey: true }))).toBeNull();
  });

  it('/ and ? work outside fields only, and not with Ctrl, ⌘ or Alt', () => {
    expect(shortcutOf(key('/', body))).toBe('search');
    expect(shortcutOf(key('?', body, { shiftKey: true }))).toBe('help');
    expect(shortcutOf(key('/', box))).toBe('search');
    for (const target of [field, area, editable]) {
      expect(shortcutOf(key('/', target))).toBeNull();
      expect(shortcutOf(key('?', target))).toBeNull();
    }
    expect(shortcutOf(key('/', body, { ctrlKey: true }))).toBeNull();
    expect(shortcutOf(key('?', body, { altKey: true }))).toBeNull();
    expect(shortcutOf({ ...key('/', body), defaultPrevented: true })).toBeNull();
  });

  it('isTypingTarget knows text fields from other controls', () => {
    expect(isTypingTarget(field)).toBe(true);
    expect(isTypingTarget(area)).toBe(true);
    expect(isTypingTarget(box)).toBe(false);
    expect(isTypingTarget(body)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
