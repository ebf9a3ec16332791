import { Command, useCommandState } from 'cmdk';
import type * as React from 'react';
import { useEffect, useMemo, useState } from 'react';
import { exportDevicesCsv, ExportDevicesQuery, listDevices } from '@contract/devices';
import { listMemberDirectory } from '@contract/member-directory';
import { SearchIcon } from '@ui/primitives/icons/icons';
import { api } from '../api/api';
import { downloadHref } from '../api/download';
import { isExpectedFailure, reportError } from '../errors/error-reporting';
import { paths } from '../routing/paths';
import { paletteCommands, type PaletteCommand } from './commands';

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
 * The results. When nothing matches, the list (a listbox, which must hold options) is hidden and a
 * line says so instead: an empty listbox is an accessibility error (axe: aria-required-children).
 */
function ResultList({
  serverItems,
  searching,
  children,
}: {
  serverItems: number;
  searching: boolean;
  children: React.ReactNode;
}) {
  const empty = useCommandState((state) => state.filtered.count === 0) && serverItems === 0;
  return (
    <>
      {empty ? (
        <p className="px-3 py-6 text-center text-sm text-ink-muted">
          {searching ? 'Searching…' : 'No results.'}
        </p>
      ) : null}
      <Command.List hidden={empty} className="overflow-y-auto p-1" aria-label="Results">
        {children}
      </Command.List>
    </>
  );
}

/** Typing pauses this long before the server is asked; every key press cancels the last ask. */
export const SEARCH_DEBOUNCE_MS = 250;
const RESULTS = 5;

export interface Found {
  devices: Array<{ code: string; label: string }>;
  members: Array<{ email: string; label: string }>;
}

type Search =
  | { state: 'idle' }
  | { state: 'searching' }
  | { state: 'done'; found: Found }
  | { state: 'failed' };

/**
 * Devices and members whose name (or e-mail, or device code) starts with the text, through the
 * existing list calls with `q`, debounced and cancelled when the text changes.
 */
function useServerSearch(text: string): Search {
  // The answer for one text: while the text differs from the last answered one, it is searching.
  const [answer, setAnswer] = useState<{ q: string; search: Search } | null>(null);
  const q = text.trim();
  const setSearch = (search: Search) => setAnswer({ q, search });
  useEffect(() => {
    if (q.length < 2) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      const query = { q, page: 1, pageSize: RESULTS };
      Promise.all([
        api.call(listDevices, { query, signal: controller.signal }),
        api.call(listMemberDirectory, { query, signal: controller.signal }),
      ]).then(
        ([devices, members]) =>
          setSearch({
            state: 'done',
            found: {
              devices: devices.devices.map((d) => ({
                code: d.code,
                label: [d.memberName, d.model, d.code].filter(Boolean).join(' · '),
              })),
              members: members.members.map((m) => ({
                email: m.email,
                label: `${m.name} · ${m.email}`,
              })),
            },
          }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          if (!isExpectedFailure(error)) reportError(error, { action: 'paletteSearch' });
          setSearch({ state: 'failed' });
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- setSearch only closes over q
  }, [q]);
  if (q.length < 2) return { state: 'idle' };
  return answer?.q === q ? answer.search : { state: 'searching' };
}

export interface CommandPaletteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  threatHunterAccess: boolean;
  /** Go to a path of the portal. */
  onNavigate: (to: string) => void;
}

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-control px-3 py-2 text-sm text-ink data-[selected=true]:bg-brand-50 data-[selected=true]:text-brand-900 data-[selected=true]:outline-2 data-[selected=true]:outline-brand-600';
const groupClass =
  '[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-ink-muted';

/**
 * The command palette (docs/decisions/060-column-chooser-and-command-palette.md): cmdk's combobox
 * in a dialog. Loaded on first use (not in the first load). Screens, settings tabs and actions are
 * filtered as you type; devices and members come from the server.
 */
export default function CommandPalette({
  open,
  onOpenChange,
  threatHunterAccess,
  onNavigate,
}: CommandPaletteProps) {
  const [text, setText] = useState('');
  const search = useServerSearch(text);
  const commands = useMemo(() => paletteCommands({ threatHunterAccess }), [threatHunterAccess]);
  const groups = ['Go to', 'Settings', 'Actions'] as const;

  const run = (command: PaletteCommand) => {
    onOpenChange(false);
    if (command.kind === 'go') onNavigate(command.to);
    else if (command.id === 'invite-members') onNavigate(paths.memberManagement);
    else download(exportDevicesFromHere(window.location.pathname, window.location.search));
  };
  const found = search.state === 'done' ? search.found : null;

  return (
    <Command.Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setText('');
        onOpenChange(next);
      }}
      label="Command palette"
      loop
      overlayClassName="fixed inset-0 z-50 bg-ink/40"
      contentClassName="fixed inset-x-2 top-[12vh] z-50 mx-auto flex max-h-[70vh] max-w-xl flex-col overflow-hidden rounded-card border border-surface-border bg-surface text-ink shadow-toast"
    >
      <div className="flex items-center gap-2 border-b border-surface-border px-3">
        <SearchIcon aria-hidden className="size-4 shrink-0 text-ink-subtle" />
        <Command.Input
          value={text}
          onValueChange={setText}
          placeholder="Go to a page, find a device or member…"
          aria-label="Search commands, devices and members"
          className="h-12 w-full bg-transparent text-sm text-ink outline-none placeholder:text-ink-subtle"
        />
      </div>
      <ResultList
        serverItems={found ? found.devices.length + found.members.length : 0}
        searching={search.state === 'searching'}
      >
        {groups.map((group) => (
          <Command.Group key={group} heading={group} className={groupClass}>
            {commands
              .filter((c) => c.group === group)
              .map((command) => (
                <Command.Item
                  key={command.id}
                  value={command.label}
                  onSelect={() => run(command)}
                  className={itemClass}
                >
                  {command.label}
                </Command.Item>
              ))}
          </Command.Group>
        ))}
        {found && found.devices.length > 0 ? (
          <Command.Group heading="Devices" className={groupClass} forceMount>
            {found.devices.map((device) => (
              <Command.Item
                key={device.code}
                value={`device ${device.code}`}
                forceMount
                onSelect={() => {
                  onOpenChange(false);
                  setText('');
                  onNavigate(
                    `/dashboard?q=${encodeURIComponent(device.code)}&device=${encodeURIComponent(device.code)}`,
                  );
                }}
                className={itemClass}
              >
                {device.label}
              </Command.Item>
            ))}
          </Command.Group>
        ) : null}
        {found && found.members.length > 0 ? (
          <Command.Group heading="Members" className={groupClass} forceMount>
            {found.members.map((member) => (
              <Command.Item
                key={member.email}
                value={`member ${member.email}`}
                forceMount
                onSelect={() => {
                  onOpenChange(false);
                  setText('');
                  onNavigate(`/members?q=${encodeURIComponent(member.email)}`);
                }}
                className={itemClass}
              >
                {member.label}
              </Command.Item>
            ))}
          </Command.Group>
        ) : null}
      </ResultList>
      <p
        role="status"
        aria-live="polite"
        className="border-t border-surface-border px-3 py-2 text-xs text-ink-muted"
      >
        {search.state === 'searching'
          ? 'Searching devices and members…'
          : search.state === 'failed'
            ? 'Failed to search devices and members. Please try again'
            : found
              ? `${found.devices.length} device(s), ${found.members.length} member(s) found`
              : 'Type two letters or more to find a device or member'}
      </p>
    </Command.Dialog>
  );
}
