import * as React from 'react';

import {
  canSaveConditionalAccess,
  isConditionalAccessComplete,
  type AlertSeverityThreshold,
  type ConditionalAccessConfig,
  type ConditionalAccessPolicy,
  type ConditionalAccessProvider,
  type ConditionalAccessTextField,
} from '@domain/conditional-access';
import type { Period } from '@domain/periods';

import { Banner } from '../../primitives/banner/banner';
import { Button } from '../../primitives/button/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '../../primitives/card/card';
import { ConfirmDialog } from '../../primitives/confirm-dialog/confirm-dialog';
import { useControllableState } from '../../lib/use-controllable-state';
import { SelectField } from '../../primitives/select-field/select-field';
import { Spinner, SpinnerIcon } from '../../primitives/spinner/spinner';
import { Switch } from '../../primitives/switch/switch';
import { TextField } from '../../primitives/text-field/text-field';
import {
  ALERT_SEVERITY_OPTIONS,
  PERIOD_OPTIONS,
  PROVIDER_OPTIONS,
  SCREEN_LOCK_OPTIONS,
} from './conditional-access';

/** Runs a callback that may return a promise, with a pending flag for the confirmation. */
function usePending(): [boolean, (work: () => void | Promise<unknown>) => Promise<void>] {
  const [pending, setPending] = React.useState(false);
  const run = React.useCallback(async (work: () => void | Promise<unknown>) => {
    setPending(true);
    try {
      await work();
    } finally {
      setPending(false);
    }
  }, []);
  return [pending, run];
}

/** Always rendered, so screen readers announce 'Saving...' when it appears. */
function SavingStatus({ saving }: { saving: boolean }) {
  return (
    <span
      role="status"
      data-slot="saving-status"
      className="flex min-h-5 items-center gap-2 text-sm text-ink-muted"
    >
      {saving ? (
        <>
          <SpinnerIcon size="sm" className="text-brand-600" />
          Saving...
        </>
      ) : null}
    </span>
  );
}

export type ConditionalAccessCardProps = Omit<
  React.ComponentProps<'section'>,
  'children' | 'onToggle'
> & {
  /** The saved config. */
  config: ConditionalAccessConfig;
  /** The form's config (controlled); starts as `config` when uncontrolled. */
  draft?: ConditionalAccessConfig;
  onDraftChange?: (draft: ConditionalAccessConfig) => void;
  /** 'Save' with the complete, changed draft. */
  onSave: (draft: ConditionalAccessConfig) => void | Promise<unknown>;
  /**
   * The toggle. On: `onToggle(true)` at once (the app saves only with a provider). Off: at once,
   * unless the saved config is active and the draft complete — then after the 'Deactivate
   * Conditional Access' confirmation, which stays open (busy) while a returned promise runs.
   */
  onToggle: (active: boolean) => void | Promise<unknown>;
  /** After the 'Remove Conditional Access' confirmation (busy while a returned promise runs). */
  onRemove: () => void | Promise<unknown>;
  /** The quarantine policy, shown while the saved config is active; undefined while loading. */
  policy?: ConditionalAccessPolicy;
  /** Any policy dropdown changed: the whole policy with that one value changed. */
  onPolicyChange: (policy: ConditionalAccessPolicy) => void | Promise<unknown>;
  /** The config is being saved: Save says 'Saving...', the toggle is busy, fields read-only. */
  saving?: boolean;
  /**
   * The policy is being saved: 'Saving...' shows by the 'Policy' heading (polite status); the
   * dropdowns stay enabled so keyboard focus is not lost.
   */
  policySaving?: boolean;
  /** The save's error text (server's `error` field), shown as 'Error: {text}'. */
  error?: string;
  /** The policy update's error text, shown as 'Error: {text}' in the policy section. */
  policyError?: string;
  /** The config is being fetched: a spinner replaces the content. */
  loading?: boolean;
};

/**
 * Integrations › 'Conditional Access' (Beta): identity provider settings, the active toggle,
 * removal, and (when active) the quarantine policy.
 */
export function ConditionalAccessCard({
  config,
  draft: draftProp,
  onDraftChange,
  onSave,
  onToggle,
  onRemove,
  policy,
  onPolicyChange,
  saving = false,
  policySaving = false,
  error,
  policyError,
  loading = false,
  className,
  ...props
}: ConditionalAccessCardProps) {
  const id = React.useId();
  const titleId = `${id}-title`;
  const policyTitleId = `${id}-policy-title`;
  const [draft, setDraft] = useControllableState({
    value: draftProp,
    defaultValue: config,
    onChange: onDraftChange,
  });
  const [secretFocused, setSecretFocused] = React.useState(false);
  const [deactivateOpen, setDeactivateOpen] = React.useState(false);
  const [removeOpen, setRemoveOpen] = React.useState(false);
  const [deactivating, runDeactivate] = usePending();
  const [removing, runRemove] = usePending();

  const okta = draft.provider === 'okta';
  const canSave = !saving && canSaveConditionalAccess(draft, config);
  const setField = (field: ConditionalAccessTextField, value: string) =>
    setDraft({ ...draft, [field]: value });

  const toggle = (next: boolean) => {
    if (next) void Promise.resolve(onToggle(true)).catch(() => undefined);
    else if (config.active && isConditionalAccessComplete(draft)) setDeactivateOpen(true);
    else void Promise.resolve(onToggle(false)).catch(() => undefined);
  };

  const changePolicy = <K extends keyof ConditionalAccessPolicy>(
    key: K,
    value: ConditionalAccessPolicy[K],
  ) => {
    if (!policy) return;
    const next: ConditionalAccessPolicy = {
      alertSeverity: policy.alertSeverity,
      outdatedOSPeriod: policy.outdatedOSPeriod,
      deviceIntegrityPeriod: policy.deviceIntegrityPeriod,
      screenLockEnabled: policy.screenLockEnabled,
      [key]: value,
    };
    void Promise.resolve(onPolicyChange(next)).catch(() => undefined);
  };

  const textField = (field: ConditionalAccessTextField, label: string) => (
    <TextField
      key={field}
      label={label}
      name={field}
      value={draft[field] ?? ''}
      readOnly={saving}
      autoComplete="off"
      spellCheck={false}
      onChange={(event) => setField(field, event.target.value)}
    />
  );

  return (
    <Card
      data-slot="conditional-access-card"
      aria-labelledby={titleId}
      aria-busy={loading || saving || undefined}
      className={className}
      {...props}
    >
      <CardHeader>
        <CardTitle id={titleId} badge="Beta">
          Conditional access
        </CardTitle>
      </CardHeader>
      {loading ? (
        <Spinner label="Loading conditional access settings" className="self-start" />
      ) : (
        <>
          <CardContent>
            <Switch
              label="Enable conditional access"
              checked={draft.active}
              onCheckedChange={toggle}
              busy={saving || deactivating || removing}
            />
            <form
              data-slot="conditional-access-form"
              className="flex flex-col gap-4"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                if (canSave) void Promise.resolve(onSave(draft)).catch(() => undefined);
              }}
            >
              <SelectField
                label="Identity provider"
                name="provider"
                placeholder="Select option"
                options={PROVIDER_OPTIONS}
                value={draft.provider ?? ''}
                disabled={saving}
                fieldClassName="max-w-xs"
                onChange={(event) =>
                  setDraft({
                    ...draft,
                    provider: (event.target.value || null) as ConditionalAccessProvider | null,
                  })
                }
              />
              <div className="grid gap-4 sm:grid-cols-2">
                {textField('tenant', okta ? 'Tenant (Okta Domain)' : 'Tenant')}
                {textField('groupId', 'Group ID')}
                {textField('clientId', 'Client ID')}
                <TextField
                  label={okta ? 'Application Private Key (JSON)' : 'Client Secret'}
                  name="clientSecret"
                  // Masked unless focused: the secret shows only while it is being edited.
                  type={secretFocused ? 'text' : 'password'}
                  value={draft.clientSecret ?? ''}
                  readOnly={saving}
                  autoComplete="off"
                  spellCheck={false}
                  onFocus={() => setSecretFocused(true)}
                  onBlur={() => setSecretFocused(false)}
                  onChange={(event) => setField('clientSecret', event.target.value)}
                />
                {textField('userExtension', 'User Extension')}
              </div>
              {error ? <Banner kind="error">{`Error: ${error}`}</Banner> : null}
              <CardFooter>
                <Button type="submit" busy={saving} busyLabel="Saving..." disabled={!canSave}>
                  Save
                </Button>
                <Button
                  variant="outline"
                  className="sm:ms-auto"
                  disabled={!config.active || saving}
                  busy={removing}
                  busyLabel="Removing..."
                  onClick={() => setRemoveOpen(true)}
                >
                  Remove Conditional Access
                </Button>
              </CardFooter>
            </form>
          </CardContent>
          {config.active ? (
            <section
              data-slot="conditional-access-policy"
              aria-labelledby={policyTitleId}
              aria-busy={policySaving || undefined}
              className="flex flex-col gap-4 border-t border-surface-border pt-5"
            >
              <div className="flex flex-wrap items-center justify-between gap-3">
                <h3 id={policyTitleId} className="text-base font-semibold text-ink">
                  Policy
                </h3>
                <SavingStatus saving={policySaving} />
              </div>
              {policy ? (
                <div className="grid gap-4 sm:grid-cols-2">
                  <SelectField
                    label="Quarantine on alert severity"
                    options={ALERT_SEVERITY_OPTIONS}
                    value={policy.alertSeverity}
                    onChange={(event) =>
                      changePolicy('alertSeverity', event.target.value as AlertSeverityThreshold)
                    }
                  />
                  <SelectField
                    label="Quarantine when OS is outdated for"
                    options={PERIOD_OPTIONS}
                    value={policy.outdatedOSPeriod}
                    onChange={(event) =>
                      changePolicy('outdatedOSPeriod', event.target.value as Period)
                    }
                  />
                  <SelectField
                    label="Quarantine when no scans reported for"
                    options={PERIOD_OPTIONS}
                    value={policy.deviceIntegrityPeriod}
                    onChange={(event) =>
                      changePolicy('deviceIntegrityPeriod', event.target.value as Period)
                    }
                  />
                  <SelectField
                    label="Quarantine when no screen lock"
                    options={SCREEN_LOCK_OPTIONS}
                    value={String(policy.screenLockEnabled)}
                    onChange={(event) =>
                      changePolicy('screenLockEnabled', event.target.value === 'true')
                    }
                  />
                </div>
              ) : (
                <Spinner label="Loading policy" className="self-start" />
              )}
              {policyError ? <Banner kind="error">{`Error: ${policyError}`}</Banner> : null}
            </section>
          ) : null}
        </>
      )}
      <ConfirmDialog
        open={deactivateOpen}
        onOpenChange={setDeactivateOpen}
        title="Deactivate Conditional Access"
        message="Conditional Access will stop checking devices, and blocked users will be unblocked."
        confirmLabel="Deactivate"
        confirmVariant="danger"
        busy={deactivating}
        busyLabel="Deactivating..."
        onConfirm={() => runDeactivate(() => onToggle(false))}
      />
      <ConfirmDialog
        open={removeOpen}
        onOpenChange={setRemoveOpen}
        title="Remove Conditional Access"
        message="Blocked users will be unblocked and your Conditional Access settings will be removed."
        confirmLabel="Remove"
        confirmVariant="danger"
        busy={removing}
        busyLabel="Removing..."
        onConfirm={() => runRemove(onRemove)}
      />
    </Card>
  );
}
