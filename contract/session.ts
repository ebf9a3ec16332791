import * as z from 'zod/mini';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '@domain/accounts';
import { SSO_PROVIDERS } from '@domain/sso';
import { defineEndpoint, MessageBody } from './endpoint';

/** Error types of the catalogue (docs/product/messages.md, 'Error banners'). */
export const ErrorType = z.enum([
  'update-payment',
  'update-billing',
  'org-creation-error',
  'oauth-unauthorized',
  'oauth-unavailable',
  'oauth-server-error',
  'oauth-access-denied',
  'sso-oauth-error',
  'sso-unauthorized',
]);
export type ErrorType = z.infer<typeof ErrorType>;

export const SsoProvider = z.enum(SSO_PROVIDERS);
export type SsoProvider = z.infer<typeof SsoProvider>;

export const SessionError = z.object({
  type: z.string(),
  message: z.string(),
  description: z.string(),
  severity: z.enum(['warning', 'error']),
});
export type SessionError = z.infer<typeof SessionError>;

/** The session (docs/product/README.md, 'Signed in or not'). */
export const Session = z.object({
  user: z.object({ name: z.string(), email: z.string() }),
  organization: z.object({
    name: z.string(),
    slug: z.string(),
    ssoProvider: z.nullable(SsoProvider),
    redirectUrl: z.nullable(z.string()),
  }),
  portalPreferences: z.object({
    orgId: z.number(),
    apiAccess: z.boolean(),
    threatHunterAccess: z.boolean(),
  }),
  error: z.nullable(SessionError),
});
export type Session = z.infer<typeof Session>;

export const LoginBody = z.object({
  email: z.string().check(z.minLength(1), z.maxLength(EMAIL_MAX_LENGTH)),
  password: z.string().check(z.minLength(1), z.maxLength(PASSWORD_MAX_LENGTH)),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const getSession = defineEndpoint({
  method: 'GET',
  path: '/session',
  response: Session,
});

export const login = defineEndpoint({
  method: 'POST',
  path: '/login',
  body: LoginBody,
  response: Session,
  public: true,
});

export const logout = defineEndpoint({
  method: 'POST',
  path: '/logout',
  response: MessageBody,
  public: true,
});

export const resetPassword = defineEndpoint({
  method: 'POST',
  path: '/reset-password',
  body: z.object({ email: z.string().check(z.minLength(1), z.maxLength(EMAIL_MAX_LENGTH)) }),
  response: MessageBody,
  public: true,
});

export const updatePassword = defineEndpoint({
  method: 'POST',
  path: '/update-password',
  body: z.object({
    requestToken: z.string().check(z.minLength(1), z.maxLength(512)),
    password: z.string().check(z.minLength(1), z.maxLength(PASSWORD_MAX_LENGTH)),
  }),
  response: MessageBody,
  public: true,
});
