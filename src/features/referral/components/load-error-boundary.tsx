import { Component, type ReactNode } from 'react';
import { toast } from 'sonner';
import { EmptyState } from '@/components/ui/empty-state';

type Props = { message: string; children: ReactNode };

/** A local read that fails (IndexedDB unavailable, closed database) shows the message instead of the list. */
export class LoadErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(): void {
    toast.error(this.props.message);
  }

  override render(): ReactNode {
    if (this.state.failed) {
      return <EmptyState title={this.props.message} tone="error" role="alert" />;
    }
    return this.props.children;
  }
}
