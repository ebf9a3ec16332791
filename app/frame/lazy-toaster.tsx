import { lazy, Suspense, useEffect, useState } from 'react';
import { toaster } from '../messages/toasts';

const Toaster = lazy(() =>
  import('@ui/primitives/toaster/toaster').then((m) => ({ default: m.Toaster })),
);

/**
 * The toast area, loaded when the first toast is queued or once the browser is idle, so the toast
 * widget (Radix Toast) is not part of the first load. Toasts queued before it loads are kept by
 * the store and shown as soon as it renders.
 */
export function LazyToaster() {
  const [wanted, setWanted] = useState(() => toaster.getToasts().length > 0);
  useEffect(() => {
    if (wanted) return;
    const unsubscribe = toaster.subscribe(() => setWanted(true));
    // Safari has no requestIdleCallback: a timer stands in.
    const w = window as Omit<Window, 'requestIdleCallback'> &
      Partial<Pick<Window, 'requestIdleCallback'>>;
    const load = () => setWanted(true);
    let cancel: () => void;
    if (w.requestIdleCallback) {
      const id = w.requestIdleCallback(load, { timeout: 4000 });
      cancel = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(load, 2000);
      cancel = () => window.clearTimeout(id);
    }
    return () => {
      unsubscribe();
      cancel();
    };
  }, [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster toaster={toaster} />
    </Suspense>
  );
}
