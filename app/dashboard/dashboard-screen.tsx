import { usePageTitle } from '../routing/page-title';
import { useSession } from '../session/session';

/** Placeholder until the device dashboard lands (issue 3). */
export default function DashboardScreen() {
  usePageTitle('Dashboard');
  const session = useSession();
  return (
    <section aria-labelledby="dashboard-heading" className="flex flex-col gap-4">
      <h1 id="dashboard-heading" className="text-2xl font-semibold text-ink">
        Dashboard
      </h1>
      <div className="rounded-card border border-surface-border bg-surface p-6 shadow-card">
        <p className="text-ink">
          Signed in as <strong>{session?.user.name}</strong> ({session?.user.email}) for{' '}
          <strong>{session?.organization.name}</strong>.
        </p>
        <p className="mt-2 text-sm text-ink-muted">
          The device list of your organization will appear here.
        </p>
      </div>
    </section>
  );
}
