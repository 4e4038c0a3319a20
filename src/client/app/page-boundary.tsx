import { Component, Fragment, type ReactNode } from 'react';
import { messages } from '../../shared/messages.ts';
import { LoadError } from '../components/load-error.tsx';
import { ApiError } from '../lib/api.ts';
import { retryFailedPages } from './lazy-page.ts';

/** How Chromium, Safari and Firefox say that a page's code (a chunk loaded when needed) did not arrive. */
const MISSING_CODE = /dynamically imported module|importing a module script failed|error loading dynamically imported module/i;

interface State {
  error: unknown;
  /** Each try again draws the page anew (its code asked for again: app/lazy-page.ts). */
  attempt: number;
}

/**
 * A page that could not be drawn says so, with a way to try again, instead of leaving the app
 * blank: its code did not arrive (without signal, a page the phone does not keep: the
 * instructors' area, a match's), or it failed. Without signal it is 'Sin conexión: esto no se
 * descargó' and it loads by itself when the signal is back (LoadError).
 */
export class PageBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  retry = () => {
    retryFailedPages();
    this.setState((state) => ({ error: null, attempt: state.attempt + 1 }));
  };

  override render() {
    const { error, attempt } = this.state;
    if (error === null) return <Fragment key={attempt}>{this.props.children}</Fragment>;
    // A missing chunk is the network's doing; anything else is ours, said without the browser's English.
    const missingCode = error instanceof TypeError && MISSING_CODE.test(error.message);
    return <LoadError error={missingCode ? new ApiError(0, 'INTERNAL', messages.network) : undefined} onRetry={this.retry} />;
  }
}
