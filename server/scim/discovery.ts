/**
 * Discovery (RFC 7644 §4, RFC 7643 §5–7): what this service supports, exactly. PATCH yes, bulk
 * no, filter yes (SCIM_MAX_RESULTS per page), changePassword no, sort no, ETags no. The Schemas
 * list the attributes user-resource.ts and group-resource.ts accept; the ones that can be
 * filtered on are those of data.ts (docs/product/settings.md, 'SCIM').
 */
import {
  ENTERPRISE_USER_SCHEMA,
  GROUP_SCHEMA,
  RESOURCE_TYPE_SCHEMA,
  SCHEMA_SCHEMA,
  SCIM_MAX_RESULTS,
  SERVICE_PROVIDER_CONFIG_SCHEMA,
  USER_SCHEMA,
} from './schemas';

type Json = Record<string, unknown>;

export function serviceProviderConfig(base: string): Json {
  return {
    schemas: [SERVICE_PROVIDER_CONFIG_SCHEMA],
    documentationUri: `${base}/ServiceProviderConfig`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: 'The Authorization header shown on the SCIM tab of the portal’s Settings.',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
  };
}

export function resourceTypes(base: string): Json[] {
  return [
    {
      schemas: [RESOURCE_TYPE_SCHEMA],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'A member of the organization',
      schema: USER_SCHEMA,
      schemaExtensions: [{ schema: ENTERPRISE_USER_SCHEMA, required: false }],
      meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` },
    },
    {
      schemas: [RESOURCE_TYPE_SCHEMA],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: 'A group of members (the SSO groups screen lists them)',
      schema: GROUP_SCHEMA,
      meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/Group` },
    },
  ];
}

interface AttrOptions {
  multiValued?: boolean;
  required?: boolean;
  caseExact?: boolean;
  mutability?: 'readOnly' | 'readWrite' | 'immutable' | 'writeOnly';
  returned?: 'always' | 'never' | 'default' | 'request';
  uniqueness?: 'none' | 'server' | 'global';
  subAttributes?: Json[];
  canonicalValues?: string[];
  referenceTypes?: string[];
  description?: string;
}

function attr(name: string, type: string, o: AttrOptions = {}): Json {
  return {
    name,
    type,
    multiValued: o.multiValued ?? false,
    description: o.description ?? name,
    required: o.required ?? false,
    caseExact: o.caseExact ?? false,
    mutability: o.mutability ?? 'readWrite',
    returned: o.returned ?? 'default',
    uniqueness: o.uniqueness ?? 'none',
    ...(o.subAttributes ? { subAttributes: o.subAttributes } : {}),
    ...(o.canonicalValues ? { canonicalValues: o.canonicalValues } : {}),
    ...(o.referenceTypes ? { referenceTypes: o.referenceTypes } : {}),
  };
}

const plural = (name: string, types: string[], description: string) =>
  attr(name, 'complex', {
    multiValued: true,
    description,
    subAttributes: [
      attr('value', 'string'),
      attr('display', 'string'),
      attr('type', 'string', { canonicalValues: types }),
      attr('primary', 'boolean'),
    ],
  });

const userAttributes = [
  attr('userName', 'string', {
    required: true,
    uniqueness: 'server',
    description: 'Unique within the organization (case-insensitive). Filterable.',
  }),
  attr('name', 'complex', {
    subAttributes: [
      attr('formatted', 'string'),
      attr('familyName', 'string', { description: 'Filterable.' }),
      attr('givenName', 'string'),
      attr('middleName', 'string'),
      attr('honorificPrefix', 'string'),
      attr('honorificSuffix', 'string'),
    ],
  }),
  ...[
    'displayName',
    'nickName',
    'title',
    'userType',
    'preferredLanguage',
    'locale',
    'timezone',
  ].map((n) => attr(n, 'string')),
  attr('profileUrl', 'reference', { referenceTypes: ['external'] }),
  attr('active', 'boolean', {
    description: 'false deactivates the member (devices stay, enrolment refused). Filterable.',
  }),
  plural(
    'emails',
    ['work', 'home', 'other'],
    'The invitation goes to the primary (else work, else first). Filterable on value.',
  ),
  plural('phoneNumbers', ['work', 'home', 'mobile', 'fax', 'pager', 'other'], 'Phone numbers'),
  plural(
    'ims',
    ['aim', 'gtalk', 'icq', 'xmpp', 'msn', 'skype', 'qq', 'yahoo'],
    'Instant messaging',
  ),
  plural('photos', ['photo', 'thumbnail'], 'Photos'),
  attr('addresses', 'complex', {
    multiValued: true,
    subAttributes: [
      'formatted',
      'streetAddress',
      'locality',
      'region',
      'postalCode',
      'country',
      'type',
    ]
      .map((n) => attr(n, 'string'))
      .concat([attr('primary', 'boolean')]),
  }),
  plural('entitlements', [], 'Entitlements'),
  plural('roles', [], 'Roles'),
  plural('x509Certificates', [], 'Certificates'),
];

const enterpriseAttributes = [
  ...['employeeNumber', 'costCenter', 'organization', 'division', 'department'].map((n) =>
    attr(n, 'string'),
  ),
  attr('manager', 'complex', {
    subAttributes: [
      attr('value', 'string'),
      attr('$ref', 'reference', { referenceTypes: ['User'] }),
      attr('displayName', 'string', { mutability: 'readOnly' }),
    ],
  }),
];

const groupAttributes = [
  attr('displayName', 'string', { required: true, description: 'Filterable.' }),
  attr('members', 'complex', {
    multiValued: true,
    description: 'Users only (no nested groups). Filterable on value.',
    subAttributes: [
      attr('value', 'string', { mutability: 'immutable' }),
      attr('display', 'string', { mutability: 'readOnly' }),
      attr('$ref', 'reference', { mutability: 'immutable', referenceTypes: ['User'] }),
      attr('type', 'string', { mutability: 'immutable', canonicalValues: ['User'] }),
    ],
  }),
];

export function schemas(base: string): Json[] {
  const schema = (id: string, name: string, description: string, attributes: Json[]) => ({
    schemas: [SCHEMA_SCHEMA],
    id,
    name,
    description,
    attributes,
    meta: { resourceType: 'Schema', location: `${base}/Schemas/${id}` },
  });
  return [
    schema(USER_SCHEMA, 'User', 'A member of the organization', userAttributes),
    schema(ENTERPRISE_USER_SCHEMA, 'EnterpriseUser', 'Enterprise user', enterpriseAttributes),
    schema(GROUP_SCHEMA, 'Group', 'Group', groupAttributes),
  ];
}
