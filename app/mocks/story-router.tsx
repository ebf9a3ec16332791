import type * as React from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Toaster } from '@ui/primitives/toaster/toaster';
import { toaster } from '../messages/toasts';

/** Renders a screen at a path in memory, with the toast area, for stories. */
export function StoryRouter({ path, children }: { path: string; children: React.ReactNode }) {
  const { hook, searchHook } = memoryLocation({ path, record: true });
  return (
    <Router hook={hook} searchHook={searchHook}>
      {children}
      <Toaster toaster={toaster} />
    </Router>
  );
}
