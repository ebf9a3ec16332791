import { DropdownMenu } from 'radix-ui';
import * as React from 'react';

import { cn } from '../../lib/cn';
import { buttonVariants } from '../../primitives/button/button';
import { ChevronDownIcon, FileTextIcon } from '../../primitives/icons/icons';

export type AuditExportMenuProps = Omit<React.ComponentProps<'button'>, 'children'> & {
  /** Download address of the current filter as CSV. */
  csvHref: string;
  /** Download address of the current filter as JSON lines. */
  jsonLinesHref: string;
  label?: string;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** E.g. an analytics event; the browser follows the link on its own. */
  onExport?: (format: 'csv' | 'jsonl') => void;
};

const itemClass = cn(
  'flex cursor-default items-center gap-2 rounded-control px-2 py-1.5 text-sm text-ink no-underline outline-none select-none',
  'data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900',
  'data-[highlighted]:outline-2 data-[highlighted]:-outline-offset-2 data-[highlighted]:outline-brand-600 data-[highlighted]:outline-solid',
);

/**
 * 'Export': a menu of two plain download links, CSV and JSON lines, of the events the current
 * filter selects. The server streams the file (no row limit); nothing is built in the browser.
 */
export function AuditExportMenu({
  csvHref,
  jsonLinesHref,
  label = 'Export',
  open,
  defaultOpen,
  onOpenChange,
  onExport,
  className,
  ...props
}: AuditExportMenuProps) {
  return (
    <DropdownMenu.Root
      open={open}
      defaultOpen={defaultOpen}
      onOpenChange={onOpenChange}
      modal={false}
    >
      <DropdownMenu.Trigger
        data-slot="audit-export-trigger"
        className={cn(buttonVariants({ variant: 'outline', size: 'md' }), className)}
        {...props}
      >
        {label}
        <ChevronDownIcon className="size-4 text-ink-muted" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          data-slot="audit-export-content"
          align="end"
          sideOffset={4}
          className="z-50 flex min-w-56 flex-col gap-1 rounded-card border border-surface-border bg-surface p-1 shadow-toast"
        >
          <DropdownMenu.Item asChild className={itemClass} onSelect={() => onExport?.('csv')}>
            <a href={csvHref} download data-slot="audit-export-csv">
              <FileTextIcon aria-hidden className="size-4 text-ink-muted" />
              CSV (spreadsheet)
            </a>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass} onSelect={() => onExport?.('jsonl')}>
            <a href={jsonLinesHref} download data-slot="audit-export-jsonl">
              <FileTextIcon aria-hidden className="size-4 text-ink-muted" />
              JSON lines
            </a>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
