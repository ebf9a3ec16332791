import { useEffect } from 'react';
import { PORTAL_NAME } from '../config';

export function pageTitle(page: string): string {
  return `${PORTAL_NAME} | ${page}`;
}

/**
 * The document title: the portal name plus the page name (docs/product/README.md, 'Page frame').
 */
export function usePageTitle(page: string): void {
  useEffect(() => {
    document.title = pageTitle(page);
  }, [page]);
}
