import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { SearchIcon } from '@ui/primitives/icons/icons';
import { shortcutOf } from './commands';

// Both are chunks of their own, loaded on first use: cmdk (and the contract's schemas the palette
// uses) are not part of the first load (scripts/bundle-size.ts).
const CommandPalette = lazy(() => import('./command-palette'));
const ShortcutsDialog = lazy(() => import('./shortcuts-dialog'));

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
        <span>Search the portal</span>
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
