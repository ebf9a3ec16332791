/**
 * Lengths of free text the API accepts; the portal caps its inputs at the same numbers, so a
 * user cannot type what the server would refuse. (E-mail and password limits are in accounts.ts.)
 */

/** Person and group names, subjects, short labels. */
export const NAME_MAX_LENGTH = 200;
/** Webhook URLs, tenant paths, redirect URLs. */
export const URL_MAX_LENGTH = 2048;
/** Identifiers, codes, client ids, tokens passed back to the server. */
export const ID_MAX_LENGTH = 512;
/** Client secrets; an Okta application private key (JSON) is a few kilobytes. */
export const SECRET_MAX_LENGTH = 8192;
/** An organization's name and its slug (the lookup screen's 'Organization Name'). */
export const ORGANIZATION_NAME_MAX_LENGTH = 128;
