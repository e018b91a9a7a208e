import { Component, type ReactNode } from 'react';
import { fr } from '@/i18n/fr';

/** 02 §8: 'Erreur lors du chargement des demandes' when the local store cannot be read. */
export class RequestsErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) {
      return (
        <p className="field-error" role="alert">
          {fr.requests.loadError}
        </p>
      );
    }
    return this.props.children;
  }
}
