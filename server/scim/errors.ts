/**
 * SCIM error resources (RFC 7644 §3.12): every failure of the SCIM service answers one, with the
 * HTTP status as a string and, for 400 and 409, a `scimType`. The texts never say which part of a
 * credential was wrong (docs/product/settings.md, 'SCIM').
 */
export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

export type ScimErrorType =
  | 'invalidFilter'
  | 'tooMany'
  | 'uniqueness'
  | 'mutability'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'invalidValue'
  | 'invalidVers'
  | 'sensitive';

export interface ScimErrorBody {
  schemas: [typeof SCIM_ERROR_SCHEMA];
  status: string;
  scimType?: ScimErrorType;
  detail: string;
}

export class ScimHttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 501 | 503,
    readonly detail: string,
    readonly scimType?: ScimErrorType,
    /** Seconds, for 429 and 503. */
    readonly retryAfter?: number,
  ) {
    super(detail);
  }

  body(): ScimErrorBody {
    return {
      schemas: [SCIM_ERROR_SCHEMA],
      status: String(this.status),
      ...(this.scimType ? { scimType: this.scimType } : {}),
      detail: this.detail,
    };
  }
}

export const badRequest = (detail: string, scimType: ScimErrorType = 'invalidSyntax') =>
  new ScimHttpError(400, detail, scimType);

export const UNAUTHORIZED = 'The request is not authorized.';
