import type { Endpoint } from '@contract/endpoint';
import { config } from '../config';
import { buildQuery } from './client';

/**
 * The address of a download endpoint (a streamed CSV or JSON-lines file) with its query: a plain
 * link the browser follows itself, sending the session cookie; nothing is built in the page.
 */
export function downloadHref(endpoint: Endpoint & { download: string }, query: unknown): string {
  return `${config.apiUrl}${endpoint.path}${buildQuery(query)}`;
}
