import type { ErrorType } from './session';

export interface CatalogueEntry {
  message: string;
  description: string;
}

/**
 * The error catalogue (docs/product/messages.md, 'Error banners'), word for word. Part of the API's
 * vocabulary: the server puts these texts into a session error, and the app's error page shows them
 * by type.
 */
export const ERROR_CATALOGUE: Record<ErrorType, CatalogueEntry> = {
  'update-payment': {
    message: 'No payment method stored',
    description: 'Add a payment method to continue.',
  },
  'update-billing': {
    message: 'Your account is currently inactive',
    description: 'Your subscription was canceled. Reactivate your subscription to continue.',
  },
  'org-creation-error': {
    message: 'Failed to create Organization',
    description: 'Please try again. If the problem persists, contact support.',
  },
  'oauth-unauthorized': {
    message: 'Failed to authenticate with your identity provider',
    description: 'Please try again. If the problem persists, contact support.',
  },
  'oauth-unavailable': {
    message: 'Failed to authenticate with your identity provider',
    description: 'Please try again. If the problem persists, contact support.',
  },
  'oauth-server-error': {
    message: 'The SSO provider server is temporarily unavailable.',
    description: 'Please try again after some time. If the problem persists, contact support.',
  },
  'oauth-access-denied': {
    message: 'The SSO provider denied the request',
    description: 'Please try again. If the problem persists, contact support.',
  },
  'sso-oauth-error': {
    message: 'The SSO provider responded with an error',
    description: 'Please try again. If the problem persists, contact support.',
  },
  'sso-unauthorized': {
    message: 'You are not authorized to access this organization',
    description: 'Please contact your organization administrator.',
  },
};

export const DEFAULT_ERROR: CatalogueEntry = {
  message: 'Unexpected error occurred.',
  description: 'Please try signing in again or contact support.',
};
