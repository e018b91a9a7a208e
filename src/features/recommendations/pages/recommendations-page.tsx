import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { BookingModal } from '@/components/booking/booking-modal';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import type { TrainingRecommendation } from '@/domain/contracts';
import { recommendationsNavSiret } from '@/domain/training-plan-rules';
import { useOnlineStatus } from '@/hooks/use-online-status';
import { track } from '@/lib/analytics';
import { useCurrentUser } from '@/lib/auth';
import { useCurrentCompany } from '@/lib/current-company';
import { useFundingEstimator } from '@/lib/funding-estimator';
import { fr } from '@/i18n/fr';
import { ChallengeForm } from '../components/challenge-form';
import { NoResults } from '../components/no-results';
import { MetricHighlights, PopularChallenges } from '../components/popular-challenges';
import { RecommendationCard } from '../components/recommendation-card';
import { RecommendationFunding } from '../components/recommendation-funding';
import { useAddRecommendation } from '../hooks/use-add-recommendation';
import { useRecommendations } from '../hooks/use-recommendations';
import '@/components/funding.css';
import '../recommendations.css';
import SearchX from 'lucide-react/icons/search-x';
import { EmptyState } from '@/components/ui/empty-state';

/**
 * /training/recommendations (02 §2.14). The search needs the network (generate-training); adding
 * a recommendation to the plan is a local write. Accepts { company } navigation state from the
 * dashboard (zod-checked), otherwise the current company.
 */
export function RecommendationsPage() {
  const t = fr.recommendations;
  const user = useCurrentUser();
  const ownerId = user?.id ?? null;
  const location = useLocation();
  const navSiret = recommendationsNavSiret(location.state);
  const { companies, company: current } = useCurrentCompany(ownerId);
  const company = companies?.find((c) => c.siret === navSiret) ?? current;
  const online = useOnlineStatus();
  const sim = company?.simulation;
  const { state, search } = useRecommendations(
    company && sim
      ? {
          name: company.name,
          code_naf: sim.code_naf,
          idcc: sim.idcc,
          employee_range_min: sim.employee_range_min,
          employee_range_max: sim.employee_range_max,
          opco_name: sim.opco_name,
        }
      : null,
  );
  const add = useAddRecommendation(ownerId, company);
  const fundingEstimate = useFundingEstimator(ownerId, company);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [booking, setBooking] = useState<TrainingRecommendation | null>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const loading = state.status === 'loading';

  const run = async (value: string) => {
    setError(await search(value));
  };

  useEffect(() => {
    if (state.status !== 'done' || state.recommendations.length === 0) return;
    const heading = resultsHeading.current;
    heading?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    heading?.focus({ preventScroll: true });
  }, [state]);

  const results = state.status === 'done' ? state.recommendations : [];
  return (
    <div className="page reco-page">
      <header className="reco-hero">
        <h1 className="reco-hero-title">{t.hero.title}</h1>
        <p className="reco-hero-subtitle">{t.hero.subtitle}</p>
      </header>

      <div className="stack">
        <ChallengeForm
          value={text}
          onChange={(v) => {
            setText(v);
            if (error && v.trim()) setError(null);
          }}
          onSubmit={() => void run(text)}
          loading={loading}
          online={online}
          error={error}
        />
        {!online || state.status === 'offline' ? (
          <p className="reco-offline" role="status">
            {t.offline}
          </p>
        ) : null}
        <PopularChallenges
          disabled={loading || !online}
          onPick={(challenge) => {
            setText(challenge);
            setError(null);
            track({ event: 'unlock_budget_click', search_term: challenge });
            void run(challenge);
          }}
        />
        <MetricHighlights />

        <div aria-live="polite" className="reco-loading-region">
          {loading ? (
            <div className="reco-loading">
              <Spinner
                size={24}
                label={state.stage === 'analyzing' ? t.loading.analyzing : t.loading.creating}
              />
              <p>{state.stage === 'analyzing' ? t.loading.analyzing : t.loading.creating}</p>
            </div>
          ) : null}
        </div>

        {results.length > 0 ? (
          <section aria-labelledby="reco-results-title" className="reco-results">
            <div className="reco-results-header">
              <h2
                id="reco-results-title"
                ref={resultsHeading}
                tabIndex={-1}
                className="reco-section-title"
              >
                {t.results.title}
              </h2>
              <p className="muted">{t.results.count(results.length)}</p>
            </div>
            <div className="reco-grid">
              {results.map((rec, i) => (
                <RecommendationCard
                  key={`${i}-${rec.title}`}
                  recommendation={rec}
                  onStart={add.choose}
                  onBook={setBooking}
                  funding={
                    company ? (
                      <RecommendationFunding
                        recommendation={rec}
                        companyName={company.name}
                        estimate={fundingEstimate}
                      />
                    ) : null
                  }
                />
              ))}
            </div>
          </section>
        ) : null}

        {!loading && results.length === 0 ? (
          <>
            {state.status === 'error' ? (
              <EmptyState title={t.errorBlock} tone="error" role="alert" />
            ) : null}
            {state.status === 'done' ? (
              <EmptyState title={t.noResults.title} icon={SearchX} role="status">
                <p>{t.noResults.text}</p>
              </EmptyState>
            ) : null}
            <NoResults />
          </>
        ) : null}
      </div>

      <ConfirmDialog
        open={add.chosen !== null}
        title={t.confirm.title}
        message={add.chosen ? t.confirm.text(add.chosen.title) : ''}
        confirmLabel={t.confirm.confirm}
        cancelLabel={t.confirm.cancel}
        busy={add.busy}
        onConfirm={() => void add.confirm()}
        onCancel={add.cancel}
      />
      <BookingModal
        open={booking !== null}
        onClose={() => setBooking(null)}
        training={
          booking
            ? { title: booking.title, category: booking.category, duration: booking.duration }
            : null
        }
      />
    </div>
  );
}
