import * as React from 'react';

import { cn } from '../../lib/cn';
import { Banner } from '../../primitives/banner/banner';
import { Button } from '../../primitives/button/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../primitives/card/card';
import { ConfirmDialog } from '../../primitives/confirm-dialog/confirm-dialog';
import { SelectField } from '../../primitives/select-field/select-field';
import { Spinner } from '../../primitives/spinner/spinner';

export interface RetentionOption<V extends string = string> {
  value: V;
  label: string;
}

export type AuditRetentionCardProps<V extends string = string> = Omit<
  React.ComponentProps<'section'>,
  'children' | 'onChange'
> & {
  /** The choices, shortest first ('6 months', '1 year', 'Never'). */
  options: readonly RetentionOption<V>[];
  /** The saved retention; undefined while loading. */
  value: V | undefined;
  /**
   * Saves a new retention. A shorter one is confirmed first (older events are deleted). The choice
   * stays shown while the promise runs and returns to the saved value if it rejects.
   */
  onSave: (next: V) => void | Promise<unknown>;
  saving?: boolean;
  /** The setting could not be read or saved, e.g. 'Failed to save the retention setting.'. */
  error?: React.ReactNode;
  /** The read failed: 'Retry' reads it again. */
  onRetry?: () => void;
};

/**
 * Settings › Activity › 'Retention': how long the organization's events are kept. Older events
 * are deleted within the hour; the chain of what remains still verifies.
 */
export function AuditRetentionCard<V extends string>({
  options,
  value,
  onSave,
  saving = false,
  error,
  onRetry,
  className,
  ...props
}: AuditRetentionCardProps<V>) {
  const titleId = `${React.useId()}-title`;
  const [draft, setDraft] = React.useState<V | undefined>(value);
  const [confirming, setConfirming] = React.useState(false);
  // A new saved value (loaded, saved, refused) shows in the field.
  const [shown, setShown] = React.useState<V | undefined>(value);
  if (shown !== value) {
    setShown(value);
    setDraft(value);
  }

  const rank = (v: V | undefined) => options.findIndex((o) => o.value === v);
  const changed = draft !== undefined && value !== undefined && draft !== value;
  const shortens = changed && rank(draft) < rank(value);
  const draftLabel = options.find((o) => o.value === draft)?.label ?? '';

  const save = async () => {
    if (draft === undefined) return;
    try {
      await onSave(draft);
    } catch {
      // The caller shows the failure; the field returns to what is saved.
      setDraft(value);
    }
  };

  return (
    <Card
      data-slot="audit-retention-card"
      aria-labelledby={titleId}
      aria-busy={value === undefined || saving || undefined}
      padding="sm"
      className={cn(className)}
      {...props}
    >
      <CardHeader>
        <CardTitle id={titleId} as="h3" className="text-base">
          Retention
        </CardTitle>
        <CardDescription>
          Events older than this are deleted within the hour. Exports keep what you download.
        </CardDescription>
      </CardHeader>
      <CardContent className="gap-3">
        {error ? (
          <Banner kind="error" onRetry={onRetry}>
            {error}
          </Banner>
        ) : null}
        {value === undefined ? (
          error ? null : (
            <Spinner label="Loading retention" className="self-start" />
          )
        ) : (
          <form
            className="flex flex-wrap items-end gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              if (!changed || saving) return;
              if (shortens) setConfirming(true);
              else void save();
            }}
          >
            <SelectField
              label="Keep events for"
              fieldClassName="w-full sm:w-48"
              options={options.map((o) => ({ value: o.value, label: o.label }))}
              value={draft ?? value}
              disabled={saving}
              onChange={(event) => setDraft(event.target.value as V)}
            />
            <Button type="submit" disabled={!changed} busy={saving} busyLabel="Saving...">
              Save
            </Button>
          </form>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Shorten retention?"
        message={`Events older than ${draftLabel.toLowerCase()} will be deleted within the hour. Download an export first if you need them.`}
        alert="Deleted events cannot be restored."
        confirmLabel="Shorten retention"
        confirmVariant="danger"
        busy={saving}
        busyLabel="Saving..."
        onConfirm={save}
      />
    </Card>
  );
}
