import type * as React from 'react';
import { lazy, Suspense } from 'react';
import { Link as RouterLink, useLocation } from 'wouter';
import { Banner } from '@ui/primitives/banner/banner';
import { HeaderNav } from '@ui/primitives/header-nav/header-nav';
import { PageFrame } from '@ui/primitives/page-frame/page-frame';
import { analytics } from '../analytics/instance';
import { links } from '../config';
import { messages } from '../messages/messages';
import { AppLink } from '../routing/app-link';
import { paths, settingsTab } from '../routing/paths';
import { preloadRoute } from '../routing/route-intent';
import { isSignedIn } from '../session/session-store';
import { useSession } from '../session/session';
import { PaletteHost } from '../palette/palette-host';
import { useAppliedTheme, useThemeChoice } from '../theme/theme-store';
import { LazyToaster } from './lazy-toaster';

const NAV = [
  { to: paths.dashboard, label: 'Dashboard' },
  { to: paths.alertsConsole, label: 'Alerts' },
  { to: paths.members, label: 'Members' },
  { to: paths.settings, label: 'Settings' },
] as const;

const footer = {
  socialHref: links.social,
  socialLabel: 'LinkedIn',
  termsHref: links.terms,
  privacyHref: links.privacy,
  faqHref: links.faq,
  supportEmail: links.supportEmail,
  onSocialClick: () => analytics.track('socialLink'),
  onTermsClick: () => analytics.track('terms'),
  onPrivacyClick: () => analytics.track('privacy'),
  onFaqClick: () => analytics.track('supportFaq'),
  onSupportEmailClick: () => analytics.track('supportEmail'),
};

const HeaderUserMenu = lazy(() => import('../theme/header-user-menu'));

/** The name and organization as plain text until the menu's chunk has arrived. */
function UserName({ name, organization }: { name: string; organization: string }) {
  return (
    <span className="text-sm text-ink-muted">
      <span className="font-medium text-ink">{name}</span>
      <span aria-hidden="true"> · </span>
      <span className="sr-only">, </span>
      {organization}
    </span>
  );
}

/** The shared frame of every screen (docs/product/README.md, 'Page frame'), signed in or out. */
export function AppFrame({ children }: { children: React.ReactNode }) {
  const session = useSession();
  const [location, navigate] = useLocation();
  const signedIn = isSignedIn(session);
  const warning = signedIn && session.error?.severity === 'warning' ? session.error : null;
  // Every screen, signed in or out, draws the chosen theme (docs/decisions/061-dark-mode.md).
  const theme = useThemeChoice();
  useAppliedTheme(theme);

  return (
    <PageFrame
      logoHref={paths.dashboard}
      onLogoClick={() => analytics.track('headerLogo')}
      renderLogoLink={({ href, ...props }) => <RouterLink href={href} {...props} />}
      headerEnd={
        signedIn ? (
          <HeaderNav label="Main">
            {NAV.map((item) => (
              <AppLink
                key={item.to}
                to={item.to}
                variant="nav"
                aria-current={location === item.to ? 'page' : undefined}
                onPointerEnter={() => preloadRoute(item.to)}
                onFocus={() => preloadRoute(item.to)}
              >
                {item.label}
              </AppLink>
            ))}
            {/* The command palette's trigger and the keyboard shortcuts (docs/decisions/060). */}
            <PaletteHost
              threatHunterAccess={Boolean(session.portalPreferences?.threatHunterAccess)}
            />
            <span className="border-t border-surface-border pt-2 md:border-s md:border-t-0 md:ps-4 md:pt-0">
              <Suspense
                fallback={
                  <UserName name={session.user.name} organization={session.organization.name} />
                }
              >
                <HeaderUserMenu name={session.user.name} organization={session.organization.name} />
              </Suspense>
            </span>
            <AppLink to={paths.logout} variant="nav">
              Sign Out
            </AppLink>
          </HeaderNav>
        ) : undefined
      }
      banner={
        warning ? (
          <Banner
            kind="warning"
            title={warning.message}
            className="cursor-pointer"
            onClick={(event) => {
              if ((event.target as HTMLElement).closest('a')) return;
              navigate(settingsTab('billing'));
            }}
            action={<AppLink to={settingsTab('billing')}>{messages.goToBilling}</AppLink>}
          >
            {warning.description}
          </Banner>
        ) : undefined
      }
      toasts={<LazyToaster />}
      footer={footer}
    >
      {children}
    </PageFrame>
  );
}
