import type * as React from 'react';
import { Link as RouterLink } from 'wouter';
import { Link } from '@ui/primitives/link/link';

type AppLinkProps = Omit<React.ComponentProps<typeof Link>, 'href' | 'asChild'> & { to: string };

/** A client-side route link with the design system's link look. */
export function AppLink({ to, children, ...props }: AppLinkProps) {
  return (
    <Link asChild {...props}>
      <RouterLink href={to}>{children}</RouterLink>
    </Link>
  );
}
