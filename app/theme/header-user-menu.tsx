import { UserMenu } from '@ui/primitives/user-menu/user-menu';
import { useThemePreference } from './use-theme-preference';

/**
 * The administrator's menu: the theme, kept with their preferences on the server
 * (docs/decisions/061-dark-mode.md). Its own chunk, loaded once signed in: the menu (Radix) and
 * the preferences' schema stay out of the signed-out screens' first load (README, size budgets;
 * outside app/frame, which vite.config.ts puts in the first-load shell chunk).
 */
export default function HeaderUserMenu({
  name,
  organization,
}: {
  name: string;
  organization: string;
}) {
  const { theme, choose } = useThemePreference();
  return <UserMenu name={name} organization={organization} theme={theme} onThemeChange={choose} />;
}
