import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '../errors/error-reporting';
import { messages } from '../messages/messages';

interface State {
  error: Error | null;
}

/** The crash screen: 'Unexpected Application Error!' (docs/product/README.md, 'Page frame'). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Unexpected application error', error, info.componentStack);
    // A caught render error never reaches the SDK's global handlers.
    reportError(error, { action: 'render' });
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <main className="mx-auto max-w-2xl px-4 py-16">
        <h1 className="text-2xl font-semibold text-ink">{messages.unexpectedApplicationError}</h1>
        <p className="mt-3 font-mono text-sm break-words text-ink-muted">
          {this.state.error.message}
        </p>
        <p className="mt-6">
          <a className="font-medium text-brand-700 underline" href="/">
            Reload the portal
          </a>
        </p>
      </main>
    );
  }
}
