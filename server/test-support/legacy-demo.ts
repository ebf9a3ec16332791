/**
 * The demo seed's sign-ins, for the server tests not moved onto ./factories.ts yet (they open
 * their app with `createTestApp({ seed: 'demo' })`). Shrinking: server/checks/no-demo-data.test.ts
 * lists those files and fails when a new test reads the demo seed. Do not use in new tests.
 */
export const DEMO = {
  admin: { email: 'admin@acme.test', password: 'Portal-Demo-1!' },
  blocked: { email: 'blocked@acme.test', password: 'Portal-Demo-1!' },
  sso: { email: 'sso.admin@globex.test' },
  initech: { email: 'admin@initech.test', password: 'Portal-Demo-1!' },
  newco: { email: 'owner@newco.test', password: 'Portal-Demo-1!' },
} as const;
