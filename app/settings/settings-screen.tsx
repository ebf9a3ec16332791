import { lazy, Suspense, type ComponentType } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { isSettingsTabVisible, type SettingsTab } from '@domain/settings';
import { Spinner } from '@ui/primitives/spinner/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@ui/primitives/tabs/tabs';
import { paths } from '../routing/paths';
import { usePageTitle } from '../routing/page-title';
import { useSession } from '../session/session';
import { AdminTab } from './admin-tab';
import { MdmTab } from './mdm-tab';
import { ScimTab } from './scim-tab';
import { parseSettingsTab, visibleTabs } from './settings-tabs';
import { SsoTab } from './sso-tab';
import { ThreatHunterTab } from './threat-hunter-tab';

// The larger tabs are chunks of their own, loaded when their tab opens.
const BillingTab = lazy(() => import('./billing-tab').then((m) => ({ default: m.BillingTab })));
const PlanTab = lazy(() => import('./plan-tab').then((m) => ({ default: m.PlanTab })));
const IntegrationsTab = lazy(() =>
  import('./integrations-tab').then((m) => ({ default: m.IntegrationsTab })),
);
const NotificationsTab = lazy(() =>
  import('./notifications-tab').then((m) => ({ default: m.NotificationsTab })),
);
const ActivityTab = lazy(() => import('./activity-tab').then((m) => ({ default: m.ActivityTab })));

const PANELS: Record<SettingsTab, ComponentType> = {
  admin: AdminTab,
  billing: BillingTab,
  plan: PlanTab,
  mdm: MdmTab,
  scim: ScimTab,
  sso: SsoTab,
  integrations: IntegrationsTab,
  notifications: NotificationsTab,
  'threat-hunter': ThreatHunterTab,
  activity: ActivityTab,
};

function Panel({ tab }: { tab: SettingsTab }) {
  const Component = PANELS[tab];
  return (
    <Suspense fallback={<Spinner label="Loading settings" />}>
      <Component />
    </Suspense>
  );
}

/**
 * Settings (docs/product/settings.md, 'Tabs'): the tab comes from `?tab=`; switching replaces it.
 */
export default function SettingsScreen() {
  usePageTitle('Settings');
  const search = useSearch();
  const [, navigate] = useLocation();
  const session = useSession();
  const access = Boolean(session?.portalPreferences.threatHunterAccess);
  const tab = parseSettingsTab(search);

  // Without access the Threat Hunter tab is not there: its URL leads to the dashboard.
  if (!isSettingsTabVisible(tab, access)) return <Redirect to={paths.dashboard} replace />;

  const tabs = visibleTabs(access);
  return (
    <section aria-labelledby="settings-heading" className="flex flex-col gap-5">
      <h1 id="settings-heading" className="text-2xl font-semibold text-ink">
        Settings
      </h1>
      <Tabs
        value={tab}
        onValueChange={(value) => navigate(`${paths.settings}?tab=${value}`, { replace: true })}
      >
        <TabsList aria-label="Settings sections">
          {tabs.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map((t) => (
          <TabsContent key={t.value} value={t.value} className="pt-5">
            {t.value === tab ? <Panel tab={t.value} /> : null}
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}
