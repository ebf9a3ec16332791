import { describe, expect, it } from 'vitest';
import type { Alert } from '@contract/alerts';
import { planAlertAction } from './alert-actions';

const alert = (scanId: string, alertStatus: 'Open' | 'Closed'): Alert => ({
  alertName: 'Malware detected',
  alertDescription: '[]',
  severity: 'High',
  alertStatus,
  memberName: null,
  device: 'Pixel 8',
  scanTime: '2026-11-20T14:05:00Z',
  scanId,
});

describe('alert bulk action', () => {
  it('only closed alerts selected and Close chosen: the message, no call', () => {
    expect(planAlertAction([alert('a', 'Closed'), alert('b', 'Closed')], 'Closed')).toEqual({
      kind: 'already',
      message: 'Alerts already closed',
    });
    expect(planAlertAction([alert('a', 'Open')], 'Open')).toEqual({
      kind: 'already',
      message: 'Alert already open',
    });
  });

  it('a mixed selection updates every selected alert by scan id', () => {
    expect(planAlertAction([alert('a', 'Closed'), alert('b', 'Open')], 'Closed')).toEqual({
      kind: 'update',
      alertIds: ['a', 'b'],
      status: 'Closed',
    });
  });

  it('nothing selected: nothing to do', () => {
    expect(planAlertAction([], 'Open')).toEqual({ kind: 'nothing-selected' });
  });
});
