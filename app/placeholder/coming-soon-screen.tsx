import { usePageTitle } from '../routing/page-title';
import { AppLink } from '../routing/app-link';
import { paths } from '../routing/paths';

/** A screen a later release builds: a clear placeholder inside the frame, never a blank page. */
export default function ComingSoonScreen({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <section aria-labelledby="coming-soon-heading" className="mx-auto max-w-2xl py-10">
      <div className="rounded-card border border-surface-border bg-surface p-8 shadow-card">
        <h1 id="coming-soon-heading" className="text-2xl font-semibold text-ink">
          {title}
        </h1>
        <p className="mt-3 text-ink-muted">
          This part of the portal is coming soon. Everything else keeps working in the meantime.
        </p>
        <p className="mt-6">
          <AppLink to={paths.dashboard}>Back to the dashboard</AppLink>
        </p>
      </div>
    </section>
  );
}
