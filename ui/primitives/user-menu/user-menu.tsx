import { DropdownMenu } from 'radix-ui';
import type * as React from 'react';

import { THEME_LABELS, THEMES, type Theme } from '@domain/preferences';
import { cn } from '../../lib/cn';
import { useControllableState } from '../../lib/use-controllable-state';
import { ChevronDownIcon } from '../icons/icons';

const itemClass = cn(
  'flex cursor-default items-center gap-2 rounded-control px-2 py-1.5 text-sm outline-none select-none',
  'data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900',
  // Focus as visible as elsewhere (3:1 against the menu and the tint).
  'data-[highlighted]:outline-2 data-[highlighted]:-outline-offset-2 data-[highlighted]:outline-brand-600 data-[highlighted]:outline-solid',
);

export type UserMenuProps = Omit<React.ComponentProps<'button'>, 'children'> & {
  /** The signed-in administrator's name. */
  name: string;
  /** Their organization's name, after the name. */
  organization: string;
  /** The colour theme chosen: System follows the operating system. */
  theme?: Theme;
  defaultTheme?: Theme;
  onThemeChange?: (theme: Theme) => void;
  /** The heading of the theme choices. */
  themeLabel?: string;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** More items under the theme choices (e.g. links to the administrator's own pages). */
  children?: React.ReactNode;
};

/**
 * The signed-in administrator in the header ('Avery Admin · Acme') as a menu button: the colour
 * theme (System / Light / Dark, a radio group) lives here (docs/decisions/061-dark-mode.md).
 * Choosing a theme closes the menu and returns focus to the button.
 */
export function UserMenu({
  name,
  organization,
  theme: themeProp,
  defaultTheme = 'system',
  onThemeChange,
  themeLabel = 'Theme',
  open,
  defaultOpen,
  onOpenChange,
  children,
  className,
  ...props
}: UserMenuProps) {
  const [theme, setTheme] = useControllableState<Theme>({
    value: themeProp,
    defaultValue: defaultTheme,
    onChange: onThemeChange,
  });
  return (
    <DropdownMenu.Root
      open={open}
      defaultOpen={defaultOpen}
      onOpenChange={onOpenChange}
      // Not modal: the page stays usable and readable around a small header menu.
      modal={false}
    >
      <DropdownMenu.Trigger
        data-slot="user-menu-trigger"
        className={cn(
          'inline-flex items-center gap-1 rounded-control text-start text-sm text-ink-muted',
          'hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-[state=open]:text-ink',
          className,
        )}
        {...props}
      >
        <span>
          <span className="font-medium text-ink">{name}</span>
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          {organization}
        </span>
        <ChevronDownIcon className="size-4 shrink-0" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          data-slot="user-menu-content"
          align="end"
          sideOffset={6}
          className="z-50 flex min-w-48 flex-col gap-0.5 rounded-card border border-surface-border bg-surface p-1 text-ink shadow-toast"
        >
          <DropdownMenu.Label className="px-2 pt-1.5 pb-1 text-xs font-semibold text-ink-muted">
            {themeLabel}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            aria-label={themeLabel}
            value={theme}
            onValueChange={(value) => setTheme(value as Theme)}
          >
            {THEMES.map((value) => (
              <DropdownMenu.RadioItem
                key={value}
                value={value}
                data-slot="user-menu-theme"
                className={itemClass}
              >
                <span
                  aria-hidden
                  className="flex size-4 shrink-0 items-center justify-center rounded-full border border-surface-strong"
                >
                  <DropdownMenu.ItemIndicator className="size-2 rounded-full bg-brand-600" />
                </span>
                {THEME_LABELS[value]}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          {children ? (
            <>
              <DropdownMenu.Separator className="my-1 h-px bg-surface-border" />
              {children}
            </>
          ) : null}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
