import * as React from 'react';

import { ShieldLogoIcon } from '../icons/icons';
import { cn } from '../../lib/cn';

export type AuthCardProps = Omit<React.ComponentProps<'section'>, 'title'> & {
  /** The page heading (h1), e.g. 'Account Sign In'. */
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Links under the card body: 'Forgot Password?', 'Back to Sign In', 'Email us to get started'. */
  footer?: React.ReactNode;
  /** Show the shield above the title (default true). */
  showLogo?: boolean;
};

/** The signed-out layout: a centred card holding one form. */
export function AuthCard({
  title,
  description,
  footer,
  showLogo = true,
  className,
  children,
  ...props
}: AuthCardProps) {
  const titleId = React.useId();
  return (
    <div data-slot="auth-card-layout" className="flex w-full justify-center px-4 py-10 sm:py-16">
      <section
        data-slot="auth-card"
        aria-labelledby={titleId}
        className={cn(
          'w-full max-w-md rounded-card border border-surface-border bg-surface p-6 shadow-card sm:p-8',
          className,
        )}
        {...props}
      >
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          {showLogo ? <ShieldLogoIcon className="size-10 text-brand-600" /> : null}
          <h1 id={titleId} data-slot="auth-card-title" className="text-2xl font-semibold text-ink">
            {title}
          </h1>
          {description ? (
            <div data-slot="auth-card-description" className="text-sm text-ink-muted">
              {description}
            </div>
          ) : null}
        </div>
        <div data-slot="auth-card-body">{children}</div>
        {footer ? (
          <div
            data-slot="auth-card-footer"
            className="mt-6 flex flex-col items-center gap-2 border-t border-surface-border pt-4 text-sm"
          >
            {footer}
          </div>
        ) : null}
      </section>
    </div>
  );
}
