import type * as React from 'react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { EMAIL_MAX_LENGTH } from '@domain/accounts';
import { NAME_MAX_LENGTH } from '@domain/limits';
import { Button } from '@ui/primitives/button/button';
import { MemberQueue } from '@ui/portal/member-queue/member-queue';
import { StepTrail } from '@ui/primitives/step-trail/step-trail';
import { TextField } from '@ui/primitives/text-field/text-field';
import { emailError } from '../messages/email-error';
import { paths } from '../routing/paths';
import { usePageTitle } from '../routing/page-title';
import { withSequentialIds, type ConfirmState, type ManualState } from './flow-state';

export const MANUAL_STEPS = ['Enter Members', 'Send Invitations'];

export default function MemberManualScreen() {
  usePageTitle('Add Team Members: Manual');
  const [location, navigate] = useLocation();
  const saved = useHistoryState<ManualState | null>();
  const [queue, setQueueState] = useState(() => saved?.queue ?? []);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [emailTouched, setEmailTouched] = useState(false);

  // The queue lives in navigation state too, so Back from the review screen finds it again.
  function setQueue(next: ManualState['queue']) {
    setQueueState(next);
    history.replaceState({ queue: next } satisfies ManualState, '', location);
  }

  const problem = email ? emailError(email.trim()) : null;
  const canAdd = name.trim() !== '' && email.trim() !== '' && problem === null;

  function add(event: React.FormEvent) {
    event.preventDefault();
    if (!canAdd) return;
    setQueue(withSequentialIds([...queue, { name: name.trim(), email: email.trim() }]));
    setName('');
    setEmail('');
    setEmailTouched(false);
  }

  return (
    <section aria-labelledby="manual-heading" className="mx-auto flex max-w-3xl flex-col gap-6">
      <StepTrail steps={MANUAL_STEPS} current={0} />
      <h1 id="manual-heading" className="text-2xl font-semibold text-ink">
        Add Team Members: Manual
      </h1>
      <form
        onSubmit={add}
        aria-label="Add a member"
        className="grid gap-4 rounded-card border border-surface-border bg-surface p-5 shadow-card sm:grid-cols-[1fr_1fr_auto] sm:items-start"
      >
        <TextField
          label="Full Name"
          value={name}
          maxLength={NAME_MAX_LENGTH}
          autoComplete="off"
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          label="Email"
          type="email"
          value={email}
          maxLength={EMAIL_MAX_LENGTH}
          autoComplete="off"
          error={emailTouched ? (problem ?? undefined) : undefined}
          onChange={(e) => setEmail(e.target.value)}
          onBlur={() => setEmailTouched(true)}
        />
        <Button type="submit" disabled={!canAdd} className="sm:mt-7">
          Add
        </Button>
      </form>
      <MemberQueue
        members={queue}
        onRemove={(id) => setQueue(withSequentialIds(queue.filter((m) => m.id !== id)))}
      />
      <p className="text-sm text-ink-muted">You may add more users later from the dashboard.</p>
      <div className="flex justify-end">
        <Button
          disabled={queue.length === 0}
          onClick={() => {
            const state: ConfirmState = {
              source: 'manual',
              members: withSequentialIds(queue),
              error: null,
            };
            navigate(paths.memberConfirm, { state });
          }}
        >
          Add to Organization
        </Button>
      </div>
    </section>
  );
}
