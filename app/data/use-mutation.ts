import { useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { isExpectedFailure, reportError } from '../errors/error-reporting';
import { notify } from '../messages/toasts';

/** A cached read: a key from `swrKey`, or a matcher of a family of keys (`isKeyOf`). */
export type KeyTarget = string | ((key: unknown) => boolean);

export interface MutationCallbacks<Arg, Data> {
  /** After the change succeeded (and its success text is up); awaited while `busy`. */
  onSuccess?: (data: Data, arg: Arg) => void | Promise<void>;
  /** After the change failed (and its failure text is up), e.g. to close a dialog. */
  onError?: (error: unknown, arg: Arg) => void;
}

export interface MutationDefinition<Arg, Data, Cached = Data> extends MutationCallbacks<Arg, Data> {
  /** The change: usually one API call. A rejection is the failure. */
  run: (arg: Arg) => Promise<Data>;
  /**
   * The cached read this change answers with its new state: the answer goes into that key
   * (transformed by `data` if it is not the read's shape) and nothing is fetched again.
   */
  populate?: { key: string; data?: (answer: Data, current: Cached | undefined) => Cached };
  /** Reads to fetch again after success: keys, matchers, or a function of the answer. */
  revalidate?: readonly KeyTarget[] | ((data: Data, arg: Arg) => readonly KeyTarget[]);
  /** The catalogued success text (docs/product/messages.md), toasted; null for none. */
  success?: string | null | ((data: Data, arg: Arg) => string | null);
  /**
   * The catalogued failure text (docs/product/messages.md), toasted. Null: the screen shows the
   * failure itself (inline, from `error`). Always written out, so no failure is silent by omission.
   */
  failure: string | null | ((error: unknown, arg: Arg) => string | null);
  /** Names the action in error reports, e.g. 'saveWebhook'. */
  action: string;
}

export interface TriggerOptions<Arg, Data> extends MutationCallbacks<Arg, Data> {
  /** Reject after a failure (a form that keeps its values when its submit rejects). */
  throwOnError?: boolean;
}

export interface MutationHandle<Arg, Data> {
  /** Runs the change; resolves with the answer, or undefined after a failure. Stable. */
  trigger: (arg: Arg, options?: TriggerOptions<Arg, Data>) => Promise<Data | undefined>;
  /** True from the trigger until the change, its revalidations and onSuccess are done. */
  busy: boolean;
  /** The last failure, until the next trigger or `clearError()`: for failures shown inline. */
  error: unknown;
  clearError: () => void;
}

interface Outcome {
  failed: boolean;
  error?: unknown;
}

const text = <A extends unknown[]>(
  value: string | null | undefined | ((...args: A) => string | null),
  ...args: A
) => (typeof value === 'function' ? value(...args) : value);

/**
 * The one way the portal changes data (docs/architecture.md, "Data"), on SWR's `useSWRMutation`.
 * It owns what every change needs and no screen should write again:
 * - `busy` while it runs;
 * - the catalogued success and failure texts (docs/product/messages.md), toasted;
 * - the cache: the answer populates the read it replaces, or the reads it touched are fetched
 *   again (keys from `swrKey`, so prefetches, screens and mutations name the same entries);
 * - failures: an API failure (a failure status, no answer) shows its message; anything else is
 *   a bug (a TypeError, an answer that breaks the contract) and is also reported to error
 *   reporting, instead of hiding behind a 'Failed to…' toast.
 *
 * After a success, a throw in `onSuccess` is a bug too: it is reported, but no failure text is
 * shown, since the change itself was made.
 *
 *   const save = useMutation({
 *     action: 'saveWebhook',
 *     run: (url: string) => api.call(saveWebhook, { body: { url } }),
 *     populate: { key: swrKey(getWebhook) },
 *     success: messages.webhookSaved,
 *     failure: messages.saveWebhookFailed,
 *   });
 *   <Button busy={save.busy} onClick={() => void save.trigger(url)} />
 */
export function useMutation<Arg = void, Data = unknown, Cached = Data>(
  definition: MutationDefinition<Arg, Data, Cached>,
): MutationHandle<Arg, Data> {
  const { mutate } = useSWRConfig();
  const latest = useRef(definition);
  useLayoutEffect(() => {
    latest.current = definition;
  });
  // Without a read to populate, the change still needs a key of its own for SWR.
  const ownKey = `mutation ${useId()}`;
  const { trigger: swrTrigger } = useSWRMutation<
    Data,
    unknown,
    string,
    { arg: Arg; outcome: Outcome }
  >(
    definition.populate?.key ?? ownKey,
    // The outcome is recorded here: SWR's trigger does not say when it discards a failure.
    (_key, { arg: { arg, outcome } }) =>
      latest.current.run(arg).catch((error: unknown) => {
        outcome.failed = true;
        outcome.error = error;
        throw error;
      }),
    {
      // SWR types the cached read as the answer's type; `data` maps one onto the other.
      populateCache: (definition.populate ? (definition.populate.data ?? true) : false) as
        boolean | ((answer: Data, current: Data | undefined) => Data),
      revalidate: false,
      throwOnError: false,
    },
  );
  const [pending, setPending] = useState(0);
  const [error, setError] = useState<unknown>(undefined);

  const trigger = useCallback(
    async (arg: Arg, options: TriggerOptions<Arg, Data> = {}): Promise<Data | undefined> => {
      const outcome: Outcome = { failed: false };
      setPending((n) => n + 1);
      setError(undefined);
      try {
        const data = await swrTrigger({ arg, outcome }).catch((thrown: unknown) => {
          if (!outcome.failed) Object.assign(outcome, { failed: true, error: thrown });
          return undefined;
        });
        const current = latest.current;
        // What follows the call is the screen's own code: a throw there is a bug to report,
        // and must not leave the change busy for ever.
        const settle = (work: () => unknown) =>
          Promise.resolve()
            .then(work)
            .catch((bug: unknown) => reportError(bug, { action: current.action }));

        if (outcome.failed) {
          const failure = outcome.error;
          if (!isExpectedFailure(failure)) reportError(failure, { action: current.action });
          setError(failure);
          await settle(() => {
            const message = text(current.failure, failure, arg);
            if (message) notify.error(message);
            current.onError?.(failure, arg);
            options.onError?.(failure, arg);
          });
          if (options.throwOnError) throw failure;
          return undefined;
        }

        const answer = data as Data;
        await settle(async () => {
          const message = text(current.success, answer, arg);
          if (message) notify.success(message);
          const targets =
            typeof current.revalidate === 'function'
              ? current.revalidate(answer, arg)
              : (current.revalidate ?? []);
          await Promise.all([
            ...targets.map((target) => mutate(target)),
            Promise.resolve()
              .then(() => current.onSuccess?.(answer, arg))
              .then(() => options.onSuccess?.(answer, arg)),
          ]);
        });
        return answer;
      } finally {
        setPending((n) => n - 1);
      }
    },
    [mutate, swrTrigger],
  );

  const clearError = useCallback(() => setError(undefined), []);
  return { trigger, busy: pending > 0, error, clearError };
}
