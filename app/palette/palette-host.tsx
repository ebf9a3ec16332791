import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { exportDevicesCsv, ExportDevicesQuery } from '@contract/devices';
import { SearchIcon } from '@ui/primitives/icons/icons';
import { downloadHref } from '../api/download';
import { paths } from '../routing/paths';
import { shortcutOf, type PaletteCommand } from './commands';

// Both are chunks of their own, loaded on first use: cmdk is not part of the first load.
const CommandPalette = lazy(() => import('./command-palette'));
const ShortcutsDialog = lazy(() => import('./shortcuts-dialog'));

/** Export devices: the dashboard's filter, search and order when it is on screen, else all. */
export function exportDevicesFromHere(location: string, search: string): string {
  if (location !== paths.dashboard) return downloadHref(exportDevicesCsv, {});
  const params = new URLSearchParams(search);
  const parsed = ExportDevicesQuery.safeParse({
    enrolled: params.get('enrolled') ?? undefined,
    severity: params.getAll('severity').length ? params.getAll('severity') : undefined,
    sort: params.get('sort') ?? undefined,
    order: params.get('order') ?? undefined,
    q: params.get('q') ?? undefined,
  });
  return downloadHref(exportDevicesCsv, parsed.success ? parsed.data : {});
}

function download(href: string) {
  const link = document.createElement('a');
  link.href = href;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * The palette's trigger in the header and the portal's keyboard shortcuts (docs/decisions/060-
 * column-chooser-and-command-palette.md): Ctrl/⌘+K opens the palette, `/` focuses the current
 * page's table search, `?` lists the shortcuts. `/` and `?` never fire while typing in a field.
 */
export function PaletteHost({ threatHunterAccess }: { threatHunterAccess: boolean }) {
  const [, navigate] = useLocation();
  const [palette, setPalette] = useState(false);
  const [help, setHelp] = useState(false);
  // Mounted from the first opening on (then they keep their chunk and their state).
  const [mounted, setMounted] = useState({ palette: false, help: false });
  const openRef = useRef({ palette, help });
  useEffect(() => {
    openRef.current = { palette, help };
  }, [palette, help]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const shortcut = shortcutOf(event);
      if (!shortcut) return;
      if (shortcut === 'palette') {
        event.preventDefault();
        setMounted((m) => ({ ...m, palette: true }));
        setHelp(false);
        setPalette((open) => !open);
        return;
      }
      // Inside the palette or the shortcuts dialog, `/` and `?` are theirs.
      if (openRef.current.palette || openRef.current.help) return;
      if (shortcut === 'search') {
        const field = document.querySelector<HTMLInputElement>('main input[type="search"]');
        if (!field) return;
        event.preventDefault();
        field.focus();
        field.select();
      } else {
        event.preventDefault();
        setMounted((m) => ({ ...m, help: true }));
        setHelp(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onAction = (id: Extract<PaletteCommand, { kind: 'action' }>['id']) => {
    if (id === 'invite-members') navigate(paths.memberManagement);
    else download(exportDevicesFromHere(window.location.pathname, window.location.search));
  };

  return (
    <>
      <button
        type="button"
        onClick={() => {
          setMounted((m) => ({ ...m, palette: true }));
          setPalette(true);
        }}
        aria-keyshortcuts="Control+K Meta+K"
        data-slot="palette-trigger"
        className="inline-flex h-9 items-center gap-2 rounded-control border border-surface-strong bg-surface px-3 text-sm text-ink-muted hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600"
      >
        <SearchIcon aria-hidden className="size-4" />
        <span>Search</span>
        <kbd aria-hidden="true" className="hidden font-mono text-xs text-ink-muted md:inline">
          Ctrl K
        </kbd>
      </button>
      {mounted.palette ? (
        <Suspense fallback={null}>
          <CommandPalette
            open={palette}
            onOpenChange={setPalette}
            threatHunterAccess={threatHunterAccess}
            onNavigate={navigate}
            onAction={onAction}
          />
        </Suspense>
      ) : null}
      {mounted.help ? (
        <Suspense fallback={null}>
          <ShortcutsDialog open={help} onOpenChange={setHelp} />
        </Suspense>
      ) : null}
    </>
  );
}
