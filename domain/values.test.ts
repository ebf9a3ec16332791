/**
 * The value lists whose texts docs/product/ quotes word for word, in the order
 * the dropdowns and filters show them, and the small rules that go with them.
 */
import { describe, expect, it } from 'vitest';

import {
  ALERT_STATUS_FILTERS,
  ALERT_STATUS_OF_FILTER,
  ALERT_STATUSES,
  isAlertStatusFilter,
} from './alerts';
import {
  DEVICE_SEVERITIES,
  DEVICE_SEVERITY_LABELS,
  ENROLMENT_FILTER_LABELS,
  ENROLMENT_FILTERS,
} from './devices';
import { ENABLED_DISABLED_LABELS, labelled, ON_OFF_VALUES } from './labels';
import {
  ENROLLMENT_EMAILS_FREQUENCIES,
  ENROLLMENT_EMAILS_FREQUENCY_LABELS,
  FREQUENCY_LABELS,
  NOTIFICATION_FREQUENCIES,
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  OUTDATED_OS_EMAILS_FREQUENCIES,
  SCAN_CHECK_PERIOD_LABELS,
} from './notifications';
import { PERIODS } from './periods';
import {
  DEFAULT_SETTINGS_TAB,
  isSettingsTabVisible,
  SETTINGS_TAB_LABELS,
  SETTINGS_TABS,
} from './settings';
import { isSsoProvider, SSO_PROVIDERS } from './sso';

const texts = <V extends string>(values: readonly V[], labels: Readonly<Record<V, string>>) =>
  labelled(values, labels).map((o) => o.label);

describe('labelled', () => {
  it('keeps the list order and pairs each value with its text', () => {
    expect(labelled(ON_OFF_VALUES, ENABLED_DISABLED_LABELS)).toEqual([
      { value: 'true', label: 'Enabled' },
      { value: 'false', label: 'Disabled' },
    ]);
  });
});

describe('notification settings', () => {
  it('Email settings: enrolment, outdated OS', () => {
    expect(texts(ENROLLMENT_EMAILS_FREQUENCIES, ENROLLMENT_EMAILS_FREQUENCY_LABELS)).toEqual([
      'Once',
      'Once a week',
      'Every second day',
      'Never',
    ]);
    expect(texts(OUTDATED_OS_EMAILS_FREQUENCIES, FREQUENCY_LABELS)).toEqual([
      'Daily',
      'Every second day',
      'Weekly',
      'Never',
    ]);
  });

  it('Device Scan Notifications: checks, push frequency, delivery', () => {
    expect(texts(PERIODS, SCAN_CHECK_PERIOD_LABELS)).toEqual([
      '3 days',
      '7 days',
      '2 weeks',
      'Never',
    ]);
    expect(texts(NOTIFICATION_FREQUENCIES, FREQUENCY_LABELS)).toEqual([
      'Daily',
      'Every second day',
      'Weekly',
    ]);
    expect(texts(NOTIFICATION_TYPES, NOTIFICATION_TYPE_LABELS)).toEqual(['Push', 'Email']);
  });
});

describe('dashboard filters', () => {
  it('enrolment and severity, with the dashboard’s words', () => {
    expect(texts(ENROLMENT_FILTERS, ENROLMENT_FILTER_LABELS)).toEqual([
      'All devices',
      'Enrolled',
      'Not Enrolled',
    ]);
    expect(texts([...DEVICE_SEVERITIES].reverse(), DEVICE_SEVERITY_LABELS)).toEqual([
      'Critical',
      'Fixes needed',
      'Secure',
    ]);
  });
});

describe('alerts console', () => {
  it('each status filter keeps one alert status, and every status has its filter', () => {
    expect(ALERT_STATUS_FILTERS.map((f) => ALERT_STATUS_OF_FILTER[f]).sort()).toEqual(
      [...ALERT_STATUSES].sort(),
    );
    for (const f of ALERT_STATUS_FILTERS) expect(ALERT_STATUS_OF_FILTER[f].toLowerCase()).toBe(f);
    expect(isAlertStatusFilter('open')).toBe(true);
    expect(isAlertStatusFilter('Open')).toBe(false);
    expect(isAlertStatusFilter('none')).toBe(false);
    expect(isAlertStatusFilter(null)).toBe(false);
  });
});

describe('settings tabs', () => {
  it('nine tabs in order, admin first and the default; threat-hunter only with access', () => {
    expect(texts(SETTINGS_TABS, SETTINGS_TAB_LABELS)).toEqual([
      'Administrators',
      'Billing',
      'Plan',
      'MDM',
      'SCIM',
      'SSO',
      'Integrations',
      'Notifications',
      'Threat Hunter',
      'Activity',
    ]);
    expect(DEFAULT_SETTINGS_TAB).toBe(SETTINGS_TABS[0]);
    expect(SETTINGS_TABS.filter((t) => !isSettingsTabVisible(t, false))).toEqual(['threat-hunter']);
    expect(SETTINGS_TABS.every((t) => isSettingsTabVisible(t, true))).toBe(true);
  });
});

describe('SSO providers', () => {
  it('okta and azure, nothing else', () => {
    expect([...SSO_PROVIDERS]).toEqual(['okta', 'azure']);
    expect(SSO_PROVIDERS.every(isSsoProvider)).toBe(true);
    for (const other of ['google', 'Okta', '', undefined, null]) {
      expect(isSsoProvider(other)).toBe(false);
    }
  });
});
