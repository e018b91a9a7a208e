import { Component, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { fr } from '@/i18n/fr';
import { EmptyState } from '@/components/ui/empty-state';

type Props = { title: string; children: ReactNode };
type State = { failed: boolean };

/**
 * A failed read of the local store (IndexedDB unavailable, database closed): 'Erreur lors du
 * chargement des données' (02 §8) in the page, with a retry, instead of a broken screen.
 */
export class PlanLoadBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="page">
        <h1 className="page-title">{this.props.title}</h1>
        <EmptyState title={fr.trainingPlan.toasts.loadError} tone="error" role="alert">
          <Button variant="secondary" onClick={() => this.setState({ failed: false })}>
            {fr.trainingPlan.retry}
          </Button>
        </EmptyState>
      </div>
    );
  }
}
