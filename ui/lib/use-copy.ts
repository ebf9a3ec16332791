import * as React from 'react';

/** How long 'Copied' (or 'Copy failed') stays (docs/product/settings.md, 'Secrets on screen'). */
export const COPIED_TOOLTIP_MS = 5000;

export type CopyStatus = 'idle' | 'copied' | 'failed';

/** Writes text to the clipboard; may return a promise that rejects when it could not. */
export type CopyFn = (text: string) => Promise<void> | void;

/** The browser clipboard; rejects when the Clipboard API is missing (e.g. an insecure origin). */
export const writeToClipboard: CopyFn = (text) => {
  if (typeof navigator === 'undefined' || !navigator.clipboard?.writeText) {
    return Promise.reject(new Error('Clipboard unavailable'));
  }
  return navigator.clipboard.writeText(text);
};

export type CopyControllerOptions = {
  /** Defaults to `navigator.clipboard.writeText`. */
  copy?: CopyFn;
  /** How long a result stays before the status returns to 'idle'. */
  duration?: number;
  onStatusChange: (status: CopyStatus) => void;
};

export type CopyController = {
  /** Copies (with `using`, else the controller's writer); resolves with the result, never rejects. */
  copy: (text: string, using?: CopyFn) => Promise<Exclude<CopyStatus, 'idle'>>;
  /** Clears the pending timer and drops results of copies still in flight (on unmount). */
  cancel: () => void;
};

/**
 * The copy logic without React, so it can be tested with fake timers: every copy restarts the
 * timer; a result that arrives after a newer copy started (or after cancel) is dropped.
 */
export function createCopyController({
  copy = writeToClipboard,
  duration = COPIED_TOOLTIP_MS,
  onStatusChange,
}: CopyControllerOptions): CopyController {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;

  const clear = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  return {
    async copy(text, using = copy) {
      const current = ++attempt;
      clear();
      let result: Exclude<CopyStatus, 'idle'>;
      try {
        await using(text);
        result = 'copied';
      } catch {
        result = 'failed';
      }
      if (current !== attempt) return result;
      onStatusChange(result);
      timer = setTimeout(() => {
        timer = undefined;
        onStatusChange('idle');
      }, duration);
      return result;
    },
    cancel() {
      attempt++;
      clear();
    },
  };
}

export type UseCopyOptions = {
  copy?: CopyFn | undefined;
  duration?: number | undefined;
  /** Called with the result of each copy. */
  onCopy?: ((status: Exclude<CopyStatus, 'idle'>) => void) | undefined;
};

/**
 * `const { status, copy } = useCopy()`: status is 'copied' or 'failed' for `duration` ms
 * (COPIED_TOOLTIP_MS) after a copy, then 'idle'. Shared by MaskedSecret and CopyableField.
 */
export function useCopy({ copy, duration = COPIED_TOOLTIP_MS, onCopy }: UseCopyOptions = {}) {
  const [status, setStatus] = React.useState<CopyStatus>('idle');
  const latest = React.useRef({ copy, onCopy });
  React.useEffect(() => {
    latest.current = { copy, onCopy };
  });

  const controller = React.useMemo(
    () => createCopyController({ duration, onStatusChange: setStatus }),
    [duration],
  );
  React.useEffect(() => () => controller.cancel(), [controller]);

  const run = React.useCallback(
    async (text: string) => {
      const result = await controller.copy(text, latest.current.copy);
      latest.current.onCopy?.(result);
      return result;
    },
    [controller],
  );

  return { status, copy: run };
}
