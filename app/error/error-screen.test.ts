import { describe, expect, it } from 'vitest';
import { resolveError } from './error-screen';

const warning = {
  type: 'update-billing',
  message: 'Your account is currently inactive',
  description: 'Your subscription was canceled. Reactivate your subscription to continue.',
};

describe('which error the error page shows', () => {
  it('prefers the query type and shows its catalogue entry', () => {
    expect(resolveError('sso-unauthorized', { message: 'Could not log in' }, warning)).toEqual({
      type: 'sso-unauthorized',
      message: 'You are not authorized to access this organization',
      description: 'Please contact your organization administrator.',
    });
  });

  it('then what navigation passed, with the default description', () => {
    expect(resolveError(null, { message: 'Could not log in' }, null)).toEqual({
      type: null,
      message: 'Could not log in',
      description: 'Please try signing in again or contact support.',
    });
  });

  it('then the session error', () => {
    expect(resolveError(null, null, warning)).toMatchObject({ type: 'update-billing' });
  });

  it('an unknown type gets the defaults', () => {
    expect(resolveError('nope', null, null)).toEqual({
      type: 'nope',
      message: 'Unexpected error occurred.',
      description: 'Please try signing in again or contact support.',
    });
  });

  it('no error at all: nothing (the page redirects to the dashboard)', () => {
    expect(resolveError(null, null, null)).toBeNull();
    expect(resolveError('', {}, undefined)).toBeNull();
  });
});
