import { useEffect } from 'react';
import { PORTAL_NAME } from '../config';

export function pageTitle(page: string): string {
  return `${PORTAL_NAME} | ${page}`;
}

/** The document title: the portal name plus the page name (spec 2.1). */
export function usePageTitle(page: string): void {
  useEffect(() => {
    document.title = pageTitle(page);
  }, [page]);
}
