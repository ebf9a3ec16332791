import type * as React from 'react';

import { ShieldLogoIcon } from '../icons/icons';
import { cn } from '../../lib/cn';
import { Link } from '../link/link';

type AnchorClick = React.MouseEventHandler<HTMLAnchorElement>;

export interface PageFrameFooterLinks {
  /** The social page (opens in a new tab). */
  socialHref: string;
  /** Visible text of the social link. */
  socialLabel?: string;
  termsHref: string;
  privacyHref: string;
  faqHref: string;
  /** Plain address; rendered as a mailto: link. */
  supportEmail: string;
  /** Analytics hooks, one per footer link. */
  onSocialClick?: AnchorClick;
  onTermsClick?: AnchorClick;
  onPrivacyClick?: AnchorClick;
  onFaqClick?: AnchorClick;
  onSupportEmailClick?: AnchorClick;
}

export type LogoLinkProps = React.ComponentProps<'a'> & { href: string };

export type PageFrameProps = Omit<React.ComponentProps<'div'>, 'title'> & {
  /** Where the logo leads; the dashboard. */
  logoHref?: string;
  /** Analytics hook ("header logo"); may also preventDefault and route client-side. */
  onLogoClick?: AnchorClick;
  /**
   * Renders the logo link, so the app can use its router link. Receives the anchor props
   * (href, className, aria-label, onClick, children) to spread.
   */
  renderLogoLink?: (props: LogoLinkProps) => React.ReactNode;
  /** Accessible name of the logo link. */
  logoLabel?: string;
  /** Right side of the header: navigation, user menu, a 'Sign Out' link. */
  headerEnd?: React.ReactNode;
  /** A persistent banner under the header (the session warning with 'Go to Billing'). */
  banner?: React.ReactNode;
  /** The toast area (`<Toaster />`). */
  toasts?: React.ReactNode;
  footer: PageFrameFooterLinks;
  /** id of <main>, the skip link's target. */
  mainId?: string;
  mainClassName?: string;
};

const defaultRenderLogoLink = (props: LogoLinkProps) => <a {...props} />;

/** The shared frame of every page: skip link, header, optional banner, main, footer. */
export function PageFrame({
  logoHref = '/dashboard',
  onLogoClick,
  renderLogoLink = defaultRenderLogoLink,
  logoLabel = 'Dashboard',
  headerEnd,
  banner,
  toasts,
  footer,
  mainId = 'main-content',
  mainClassName,
  className,
  children,
  ...props
}: PageFrameProps) {
  return (
    <div
      data-slot="page-frame"
      className={cn('flex min-h-screen flex-col bg-surface-muted', className)}
      {...props}
    >
      <a
        href={`#${mainId}`}
        data-slot="page-frame-skip-link"
        className="sr-only rounded-control bg-surface px-4 py-2 font-medium text-brand-700 shadow-card focus:not-sr-only focus:fixed focus:start-4 focus:top-4 focus:z-50"
      >
        Skip to content
      </a>
      <header data-slot="page-frame-header" className="border-b border-surface-border bg-surface">
        <div className="mx-auto flex h-16 w-full max-w-7xl items-center gap-4 px-4 sm:px-6">
          <div className="flex items-center gap-3">
            {renderLogoLink({
              href: logoHref,
              onClick: onLogoClick,
              'aria-label': logoLabel,
              className: 'inline-flex rounded-control text-brand-600 hover:text-brand-700',
              children: <ShieldLogoIcon className="size-9" />,
            })}
            <span
              data-slot="page-frame-title"
              className="text-sm font-semibold tracking-wider text-ink"
            >
              ADMIN DASHBOARD
            </span>
          </div>
          {headerEnd ? <div className="ms-auto flex items-center gap-4">{headerEnd}</div> : null}
        </div>
      </header>
      {banner ? (
        <div data-slot="page-frame-banner" className="mx-auto w-full max-w-7xl px-4 pt-4 sm:px-6">
          {banner}
        </div>
      ) : null}
      <main
        id={mainId}
        tabIndex={-1}
        data-slot="page-frame-main"
        className={cn(
          'mx-auto w-full max-w-7xl flex-1 px-4 py-6 outline-none sm:px-6',
          mainClassName,
        )}
      >
        {children}
      </main>
      {toasts}
      {/*
        While the main area holds a loading placeholder (an element with `data-page-loading`),
        the footer stays out of the layout: it then appears below the content instead of showing
        at the bottom of the window and being pushed down when the content arrives (a layout
        shift). Pure CSS, so a route's loading state re-renders nothing.
      */}
      <footer
        data-slot="page-frame-footer"
        className="border-t border-surface-border bg-surface [main:has([data-page-loading])~&]:hidden"
      >
        <nav aria-label="Footer" className="mx-auto w-full max-w-7xl px-4 py-5 sm:px-6">
          <ul className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
            <li>
              <Link
                variant="subtle"
                href={footer.socialHref}
                external
                onClick={footer.onSocialClick}
              >
                {footer.socialLabel ?? 'Follow us'}
              </Link>
            </li>
            <li>
              <Link variant="subtle" href={footer.termsHref} external onClick={footer.onTermsClick}>
                Terms and Conditions
              </Link>
            </li>
            <li>
              <Link
                variant="subtle"
                href={footer.privacyHref}
                external
                onClick={footer.onPrivacyClick}
              >
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link variant="subtle" href={footer.faqHref} external onClick={footer.onFaqClick}>
                FAQ
              </Link>
            </li>
            <li>
              <Link
                variant="subtle"
                href={`mailto:${footer.supportEmail}`}
                onClick={footer.onSupportEmailClick}
              >
                {footer.supportEmail}
              </Link>
            </li>
          </ul>
        </nav>
      </footer>
    </div>
  );
}
