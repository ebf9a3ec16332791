import * as React from 'react';

import { cn } from '../../lib/cn';
import { useControllableState } from '../../lib/use-controllable-state';
import { CloseIcon, MenuIcon } from '../icons/icons';

export type HeaderNavProps = Omit<React.ComponentProps<'nav'>, 'aria-label'> & {
  /** The navigation landmark's name ('Main'). */
  label: string;
  /** The phone menu button's name. */
  menuLabel?: string;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
};

/**
 * The header's navigation: a row of links from the `md` breakpoint up; below it, one 'Menu'
 * button (a disclosure) that opens the same links as a panel under the header, so a 360 px phone
 * never scrolls sideways (docs/decisions/041). One landmark either way; the panel closes on
 * Escape (focus back on the button), on a click outside, and when a link inside is followed.
 * Place it inside a positioned header (the panel spans the header's width).
 */
export function HeaderNav({
  label,
  menuLabel = 'Menu',
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  className,
  children,
  ...props
}: HeaderNavProps) {
  const [open, setOpen] = useControllableState({
    value: openProp,
    defaultValue: defaultOpen,
    onChange: onOpenChange,
  });
  const panelId = React.useId();
  const buttonRef = React.useRef<HTMLButtonElement>(null);
  const navRef = React.useRef<HTMLElement>(null);

  React.useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (navRef.current?.contains(target) || buttonRef.current?.contains(target)) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, setOpen]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        data-slot="header-nav-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className={cn(
          'inline-flex size-11 items-center justify-center rounded-control text-ink md:hidden',
          'hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        )}
      >
        {open ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
        <span className="sr-only">{menuLabel}</span>
      </button>
      <nav
        ref={navRef}
        id={panelId}
        aria-label={label}
        data-slot="header-nav"
        data-state={open ? 'open' : 'closed'}
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || !open) return;
          setOpen(false);
          buttonRef.current?.focus();
        }}
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('a')) setOpen(false);
        }}
        className={cn(
          // Phones: a panel under the header, one item a row, large touch targets.
          'absolute inset-x-0 top-full z-40 hidden flex-col gap-1 border-b border-surface-border bg-surface px-4 py-3 shadow-card',
          'data-[state=open]:flex [&_a]:py-2',
          // From md: the inline row.
          'md:static md:z-auto md:flex md:flex-row md:items-center md:gap-4 md:border-0 md:bg-transparent md:p-0 md:shadow-none md:[&_a]:py-0',
          className,
        )}
        {...props}
      >
        {children}
      </nav>
    </>
  );
}
