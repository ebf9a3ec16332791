import type * as React from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@ui/tabs/tabs';
import { paths } from '../routing/paths';
import { usePageTitle } from '../routing/page-title';
import { useSession } from '../session/session';
import { AdminTab } from './admin-tab';
import { MdmTab } from './mdm-tab';
import { ScimTab } from './scim-tab';
import { parseSettingsTab, visibleTabs, type SettingsTab } from './settings-tabs';
import { SsoTab } from './sso-tab';
import { ThreatHunterTab } from './threat-hunter-tab';

function Coming({ title }: { title: string }) {
  return (
    <div className="rounded-card border border-surface-border bg-surface p-6 shadow-card">
      <h2 className="text-xl font-semibold text-ink">{title}</h2>
      <p className="mt-2 text-ink-muted">
        This part of the settings is coming soon. Everything else keeps working in the meantime.
      </p>
    </div>
  );
}

const PANELS: Record<SettingsTab, () => React.ReactNode> = {
  admin: () => <AdminTab />,
  billing: () => <Coming title="Billing Information" />,
  plan: () => <Coming title="Plan" />,
  mdm: () => <MdmTab />,
  scim: () => <ScimTab />,
  sso: () => <SsoTab />,
  integrations: () => <Coming title="Integrations" />,
  notifications: () => <Coming title="Notifications" />,
  'threat-hunter': () => <ThreatHunterTab />,
};

/** Settings (spec 2.6): the tab comes from `?tab=`; switching replaces the URL. */
export default function SettingsScreen() {
  usePageTitle('Settings');
  const search = useSearch();
  const [, navigate] = useLocation();
  const session = useSession();
  const access = Boolean(session?.portalPreferences.threatHunterAccess);
  const tab = parseSettingsTab(search);

  // Without access the Threat Hunter tab is not there: its URL leads to the dashboard.
  if (tab === 'threat-hunter' && !access) return <Redirect to={paths.dashboard} replace />;

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
            {t.value === tab ? PANELS[t.value]() : null}
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}
