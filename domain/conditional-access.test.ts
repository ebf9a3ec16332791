import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  ALERT_SEVERITY_THRESHOLD_LABELS,
  ALERT_SEVERITY_THRESHOLDS,
  canSaveConditionalAccess,
  CONDITIONAL_ACCESS_PROVIDER_LABELS,
  CONDITIONAL_ACCESS_PROVIDERS,
  CONDITIONAL_ACCESS_TEXT_FIELDS,
  DEFAULT_CONDITIONAL_ACCESS_CONFIG,
  DEFAULT_CONDITIONAL_ACCESS_POLICY,
  hasConditionalAccessChanges,
  isConditionalAccessComplete,
  QUARANTINE_PERIOD_LABELS,
  toggleSavesConditionalAccess,
  type ConditionalAccessConfig,
} from './conditional-access';
import { PERIODS } from './periods';

const EMPTY: ConditionalAccessConfig = DEFAULT_CONDITIONAL_ACCESS_CONFIG;

const SAVED: ConditionalAccessConfig = {
  tenant: 'contoso.onmicrosoft.com',
  clientId: '8f14e45f-ceea-467f-a9b0-6c1e5d7f0a11',
  clientSecret: 's3cr3t',
  userExtension: 'extension_quarantine',
  groupId: '4b1f7e0c',
  provider: 'azure',
  active: true,
};

describe('isConditionalAccessComplete', () => {
  it('needs the provider and every text field', () => {
    expect(isConditionalAccessComplete(SAVED)).toBe(true);
    expect(isConditionalAccessComplete(EMPTY)).toBe(false);
    expect(isConditionalAccessComplete({ ...SAVED, provider: null })).toBe(false);
    for (const field of CONDITIONAL_ACCESS_TEXT_FIELDS) {
      expect(isConditionalAccessComplete({ ...SAVED, [field]: null })).toBe(false);
      expect(isConditionalAccessComplete({ ...SAVED, [field]: '' })).toBe(false);
      expect(isConditionalAccessComplete({ ...SAVED, [field]: '   ' })).toBe(false);
    }
  });
});

describe('hasConditionalAccessChanges', () => {
  it('is false for an identical draft, null and empty text being the same', () => {
    expect(hasConditionalAccessChanges({ ...SAVED }, SAVED)).toBe(false);
    expect(hasConditionalAccessChanges({ ...EMPTY, tenant: '' }, EMPTY)).toBe(false);
  });

  it('sees a change in any field', () => {
    expect(hasConditionalAccessChanges({ ...SAVED, provider: 'okta' }, SAVED)).toBe(true);
    expect(hasConditionalAccessChanges({ ...SAVED, active: false }, SAVED)).toBe(true);
    for (const field of CONDITIONAL_ACCESS_TEXT_FIELDS) {
      expect(hasConditionalAccessChanges({ ...SAVED, [field]: 'changed' }, SAVED)).toBe(true);
    }
  });
});

describe('canSaveConditionalAccess', () => {
  it('is false for the saved config itself (nothing changed)', () => {
    expect(canSaveConditionalAccess({ ...SAVED }, SAVED)).toBe(false);
  });

  it('is false while any field is empty', () => {
    expect(canSaveConditionalAccess({ ...SAVED, clientSecret: '' }, EMPTY)).toBe(false);
    expect(canSaveConditionalAccess({ ...SAVED, provider: null }, EMPTY)).toBe(false);
  });

  it('is true for a complete draft that differs from the saved config', () => {
    expect(canSaveConditionalAccess(SAVED, EMPTY)).toBe(true);
    expect(canSaveConditionalAccess({ ...SAVED, tenant: 'fabrikam.onmicrosoft.com' }, SAVED)).toBe(
      true,
    );
  });

  it('for any drafts: never with a blank field, never unchanged, always when complete and changed', () => {
    const text = fc.option(fc.constantFrom('', ' ', 'a', 'b'), { nil: null });
    const config = fc.record({
      tenant: text,
      clientId: text,
      clientSecret: text,
      userExtension: text,
      groupId: text,
      provider: fc.constantFrom('azure' as const, 'okta' as const, null),
      active: fc.boolean(),
    });
    fc.assert(
      fc.property(config, config, (draft, saved) => {
        const blank =
          draft.provider === null ||
          CONDITIONAL_ACCESS_TEXT_FIELDS.some((k) => (draft[k] ?? '').trim() === '');
        const same =
          draft.provider === saved.provider &&
          draft.active === saved.active &&
          CONDITIONAL_ACCESS_TEXT_FIELDS.every((k) => (draft[k] ?? '') === (saved[k] ?? ''));
        expect(canSaveConditionalAccess(draft, saved)).toBe(!blank && !same);
        expect(canSaveConditionalAccess(saved, saved)).toBe(false);
      }),
    );
  });
});

const text = fc.option(fc.constantFrom('', ' ', 'a', 'b'), { nil: null });
const anyConfig = fc.record({
  tenant: text,
  clientId: text,
  clientSecret: text,
  userExtension: text,
  groupId: text,
  provider: fc.constantFrom(...CONDITIONAL_ACCESS_PROVIDERS, null),
  active: fc.boolean(),
});

describe('toggleSavesConditionalAccess', () => {
  it('saves a complete config either way, and turning on with a provider', () => {
    expect(toggleSavesConditionalAccess({ ...SAVED, active: false })).toBe(true);
    expect(toggleSavesConditionalAccess({ ...SAVED, active: true })).toBe(true);
    expect(toggleSavesConditionalAccess({ ...EMPTY, provider: 'okta', active: true })).toBe(true);
  });

  it('keeps a draft: turning off an incomplete config, turning on without a provider', () => {
    expect(toggleSavesConditionalAccess({ ...EMPTY, provider: 'okta', active: false })).toBe(false);
    expect(toggleSavesConditionalAccess({ ...SAVED, provider: null, active: true })).toBe(false);
    expect(toggleSavesConditionalAccess({ ...EMPTY, active: true })).toBe(false);
  });

  it('property: saves exactly when complete, or when on with a provider', () => {
    fc.assert(
      fc.property(anyConfig, (next) => {
        const complete =
          next.provider !== null &&
          CONDITIONAL_ACCESS_TEXT_FIELDS.every((k) => (next[k] ?? '').trim() !== '');
        expect(toggleSavesConditionalAccess(next)).toBe(
          complete || (next.active && next.provider !== null),
        );
      }),
    );
  });
});

describe('values and defaults', () => {
  it('every value has its text, in the order the dropdowns show them', () => {
    expect(CONDITIONAL_ACCESS_PROVIDERS.map((p) => CONDITIONAL_ACCESS_PROVIDER_LABELS[p])).toEqual([
      'Microsoft Entra ID',
      'Okta',
    ]);
    expect(ALERT_SEVERITY_THRESHOLDS.map((t) => ALERT_SEVERITY_THRESHOLD_LABELS[t])).toEqual([
      'Critical only',
      'High and Critical',
      'None',
    ]);
    expect(PERIODS.map((p) => QUARANTINE_PERIOD_LABELS[p])).toEqual([
      'Three days',
      'Seven days',
      'Two weeks',
      'Never',
    ]);
  });

  it('after removal nothing is configured and nothing quarantines', () => {
    expect(isConditionalAccessComplete(DEFAULT_CONDITIONAL_ACCESS_CONFIG)).toBe(false);
    expect(DEFAULT_CONDITIONAL_ACCESS_CONFIG.active).toBe(false);
    for (const field of CONDITIONAL_ACCESS_TEXT_FIELDS) {
      expect(DEFAULT_CONDITIONAL_ACCESS_CONFIG[field]).toBeNull();
    }
    expect(DEFAULT_CONDITIONAL_ACCESS_POLICY).toEqual({
      alertSeverity: 'NONE',
      outdatedOSPeriod: 'NEVER',
      deviceIntegrityPeriod: 'NEVER',
      screenLockEnabled: false,
    });
  });
});
