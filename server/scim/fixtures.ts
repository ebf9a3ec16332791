/**
 * Request bodies from the specifications and the identity providers' documentation, used as the
 * tests' fixtures: RFC 7643 §8 (resource examples), RFC 7644 §3.5.2 (PATCH examples), Okta's
 * "SCIM 2.0 protocol reference" and Microsoft Entra ID's "Tutorial: Develop and plan provisioning
 * for a SCIM endpoint" (the requests its provisioning service sends).
 */
export const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

/** RFC 7643 §8.2, "Full User Representation" (id, meta and password dropped: server-assigned). */
export const rfcFullUser = {
  schemas: [USER, ENTERPRISE],
  externalId: '701984',
  userName: 'bjensen@example.com',
  name: {
    formatted: 'Ms. Barbara J Jensen, III',
    familyName: 'Jensen',
    givenName: 'Barbara',
    middleName: 'Jane',
    honorificPrefix: 'Ms.',
    honorificSuffix: 'III',
  },
  displayName: 'Babs Jensen',
  nickName: 'Babs',
  profileUrl: 'https://login.example.com/bjensen',
  emails: [
    { value: 'bjensen@example.com', type: 'work', primary: true },
    { value: 'babs@jensen.org', type: 'home' },
  ],
  addresses: [
    {
      type: 'work',
      streetAddress: '100 Universal City Plaza',
      locality: 'Hollywood',
      region: 'CA',
      postalCode: '91608',
      country: 'USA',
      formatted: '100 Universal City Plaza\nHollywood, CA 91608 USA',
      primary: true,
    },
  ],
  phoneNumbers: [
    { value: '555-555-5555', type: 'work' },
    { value: '555-555-4444', type: 'mobile' },
  ],
  ims: [{ value: 'someaimhandle', type: 'aim' }],
  photos: [{ value: 'https://photos.example.com/profilephoto/72930000000Ccne/F', type: 'photo' }],
  userType: 'Employee',
  title: 'Tour Guide',
  preferredLanguage: 'en-US',
  locale: 'en-US',
  timezone: 'America/Los_Angeles',
  active: true,
  password: 't1meMa$heen',
  x509Certificates: [{ value: 'MIIDQzCCAqygAwIBAgICEAAwDQYJKoZIhvcNAQEFBQAwTjELMAkGA1UEBhMCVVMx' }],
  [ENTERPRISE]: {
    employeeNumber: '701984',
    costCenter: '4130',
    organization: 'Universal Studios',
    division: 'Theme Park',
    department: 'Tour Operations',
    manager: { value: '26118915-6090-4610-87e4-49d8ca9f808d', displayName: 'John Smith' },
  },
};

/** Okta: "Create the User" request. */
export const oktaCreateUser = {
  schemas: [USER],
  userName: 'test.user@okta.local',
  name: { givenName: 'Test', familyName: 'User' },
  emails: [{ primary: true, value: 'test.user@okta.local', type: 'work' }],
  displayName: 'Test User',
  locale: 'en-US',
  externalId: '00ujl29u0le5T6Aj10h7',
  groups: [],
  password: '1mz050nq',
  active: true,
};

/** Okta: deactivation ("Update a specific User (PATCH)"). */
export const oktaDeactivate = {
  schemas: [PATCH_OP],
  Operations: [{ op: 'replace', value: { active: false } }],
};

/** Entra ID: "Create User" request. */
export const entraCreateUser = {
  schemas: [USER, ENTERPRISE],
  externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
  userName: 'Test_User_ab6490ee-1e48-479e-a20b-2d77186b5dd1@testuser.com',
  active: true,
  emails: [
    {
      primary: true,
      type: 'work',
      value: 'Test_User_fd0ea19b-0777-472c-9f96-4f70d2226f2e@testuser.com',
    },
  ],
  meta: { resourceType: 'User' },
  name: { formatted: 'givenName familyName', familyName: 'familyName', givenName: 'givenName' },
  roles: [],
};

/** Entra ID: "Update User [Multi-valued properties]". */
export const entraUpdateMultiValued = {
  schemas: [PATCH_OP],
  Operations: [
    { op: 'Replace', path: 'emails[type eq "work"].value', value: 'updatedEmail@microsoft.com' },
    { op: 'Replace', path: 'name.familyName', value: 'updatedFamilyName' },
  ],
};

/** Entra ID: "Disable User". */
export const entraDisable = {
  schemas: [PATCH_OP],
  Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
};

/** Entra ID: "Update User [Single-valued properties]". */
export const entraUpdateSingleValued = {
  schemas: [PATCH_OP],
  Operations: [
    { op: 'Replace', path: 'userName', value: '5b50642d-79fc-4410-9e90-4c077cdd1a59@testuser.com' },
  ],
};

/** Entra ID: "Update User [Add Manager]" / enterprise attributes by URN path. */
export const entraEnterprise = {
  schemas: [PATCH_OP],
  Operations: [
    { op: 'Add', path: `${ENTERPRISE}:department`, value: 'Sales' },
    { op: 'Add', path: `${ENTERPRISE}:manager`, value: '2819c223-7f76-453a-919d-413861904646' },
  ],
};

/** Entra ID: "Create Group". */
export const entraCreateGroup = {
  schemas: [GROUP, 'http://schemas.microsoft.com/2006/11/ResourceManagement/ADSCIM/Group'],
  externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159',
  displayName: 'displayName',
  meta: { resourceType: 'Group' },
};
