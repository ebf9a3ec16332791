import { describe, expect, it } from 'vitest';

import { SEVERITY_LABELS, toSeverity } from './severity-badge';

describe('SEVERITY_LABELS', () => {
  it('reads the alert severities and Secure from domain/, with the badge’s own Warning and Unknown', () => {
    expect(SEVERITY_LABELS).toEqual({
      critical: 'Critical',
      high: 'High',
      warning: 'Warning',
      suspicious: 'Suspicious',
      low: 'Low',
      secure: 'Secure',
      neutral: 'Unknown',
    });
  });
});

describe('toSeverity', () => {
  it('maps wire values case-insensitively and anything else to neutral', () => {
    expect(toSeverity('CRITICAL')).toBe('critical');
    expect(toSeverity(' Suspicious ')).toBe('suspicious');
    expect(toSeverity('secure')).toBe('secure');
    expect(toSeverity('something new')).toBe('neutral');
    expect(toSeverity(null)).toBe('neutral');
  });
});
