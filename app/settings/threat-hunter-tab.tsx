import type { ColumnDef } from '@tanstack/react-table';
import type { ThreatHunterUser } from '@contract/threat-hunter';
import { CardTitle } from '@ui/primitives/card/card';
import { DataTable } from '@ui/primitives/data-table/data-table';
import { LoadError } from '@ui/primitives/load-error/load-error';
import { InviteForm } from '@ui/portal/invite-form/invite-form';
import { emailError } from '../messages/email-error';
import { messages } from '../messages/messages';
import { useThreatHunterUsers } from './use-threat-hunter';

const columns: ColumnDef<ThreatHunterUser>[] = [
  { id: 'name', header: 'Name', accessorFn: (u) => u.name, enableSorting: false },
  { id: 'email', header: 'Email', accessorFn: (u) => u.email, enableSorting: false },
  {
    id: 'accessCode',
    header: 'Access Code',
    accessorFn: (u) => u.accessCode,
    enableSorting: false,
    cell: ({ getValue }) => <code className="font-mono text-xs">{String(getValue())}</code>,
  },
  { id: 'status', header: 'Status', accessorFn: (u) => u.status, enableSorting: false },
];

/** The Threat Hunter tab (docs/product/settings.md, 'Threat Hunter'); shown only with access. */
export function ThreatHunterTab() {
  const { data, error, isLoading, retry, provision } = useThreatHunterUsers();

  return (
    <div className="flex flex-col gap-6">
      <InviteForm
        title="Provision Threat Hunter"
        headingLevel={2}
        submitLabel="Add"
        busyLabel="Adding..."
        validateEmail={emailError}
        onSubmit={async (values) => {
          // A rejection keeps the typed values in the form for another try.
          await provision.trigger(values, { throwOnError: true });
        }}
        className="rounded-card border border-surface-border bg-surface p-5 shadow-card"
      />
      <section aria-labelledby="provisioned-heading" className="flex flex-col gap-3">
        <CardTitle id="provisioned-heading">Provisioned Users</CardTitle>
        <DataTable
          aria-label="Threat Hunter users"
          columns={columns}
          data={error ? [] : (data?.threatHunterUsers ?? [])}
          getRowId={(u) => u.email}
          loading={isLoading}
          maxHeight="50vh"
          error={
            error && !data ? (
              <LoadError
                message={messages.threatHunterUsersFailed}
                onRetry={retry}
                announce={false}
                className="items-center"
              />
            ) : undefined
          }
          empty="No users found. Use the Provision Threat Hunter form to invite users"
        />
      </section>
    </div>
  );
}
