import { Component, type ErrorInfo, type ReactNode } from 'react';

type Props = {
  /** What to show instead of the children once they threw (e.g. a live query that failed). */
  fallback: (retry: () => void) => ReactNode;
  children: ReactNode;
};

/** Catches a render error of its children (IndexedDB read failures surface here) and shows a fallback. */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  retry = (): void => this.setState({ failed: false });

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}
