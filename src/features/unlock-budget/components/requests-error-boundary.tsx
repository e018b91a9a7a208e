import { Component, type ReactNode } from 'react';
import { fr } from '@/i18n/fr';
import { EmptyState } from '@/components/ui/empty-state';

/** 02 §8: 'Erreur lors du chargement des demandes' when the local store cannot be read. */
export class RequestsErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) {
      return <EmptyState title={fr.requests.loadError} tone="error" role="alert" />;
    }
    return this.props.children;
  }
}
