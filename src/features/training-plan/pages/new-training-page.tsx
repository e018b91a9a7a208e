import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { useProfile, useRepositories } from '@/db';
import { fieldErrors } from '@/domain/schemas/common';
import { newTrainingRequestSchema, trainingSubmissionError } from '@/domain/schemas/training';
import { manualTrainingRequest } from '@/domain/training';
import { newRequestReadiness } from '@/domain/training-plan-rules';
import { useOnlineStatus } from '@/hooks/use-online-status';
import { useCurrentUser } from '@/lib/auth';
import { useCurrentCompany } from '@/lib/current-company';
import { addToTrainingPlan } from '@/lib/training-plan-writer';
import { fr } from '@/i18n/fr';
import { NewTrainingForm } from '../components/new-training-form';
import { NewTrainingFunding } from '../components/new-training-funding';
import { useEstimate } from '../hooks/use-estimate';
import { useNewTrainingDraft } from '../hooks/use-new-training-draft';
import '@/components/funding.css';
import '../training-plan.css';

/**
 * /training/new (02 §2.16). Saved locally first (created as to_organize, coverage 100, remaining 0,
 * with the 'À définir' employee when none exists); the estimate needs the network, the rest not.
 */
export function NewTrainingPage() {
  const t = fr.trainingPlan.newTraining;
  const navigate = useNavigate();
  const user = useCurrentUser();
  const ownerId = user?.id ?? null;
  const profile = useProfile(ownerId);
  const { company } = useCurrentCompany(ownerId);
  const repos = useRepositories();
  const online = useOnlineStatus();
  const { draft, update, clear } = useNewTrainingDraft(ownerId);
  const { estimate, pending: estimating } = useEstimate();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [estimateFailed, setEstimateFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  // Duration and budget are checked as they are typed (Save stays disabled while they are invalid).
  const amountErrors = useMemo(() => {
    const parsed = newTrainingRequestSchema.safeParse(draft);
    if (parsed.success) return {};
    const all = fieldErrors(parsed.error);
    const out: Record<string, string> = {};
    if (draft.duration.trim() && all.duration) out.duration = all.duration;
    if (draft.budget.trim() && all.budget) out.budget = all.budget;
    return out;
  }, [draft]);
  const readiness =
    profile === undefined || company === undefined
      ? null
      : newRequestReadiness(ownerId, profile, company);

  const change = (patch: Parameters<typeof update>[0]) => {
    update(patch);
    const keys = Object.keys(patch);
    if (
      keys.some((k) => errors[k] || (errors.estimate && (k === 'topic' || k === 'description')))
    ) {
      setErrors((e) => {
        const next = { ...e };
        for (const k of keys) delete next[k];
        if (keys.includes('topic') || keys.includes('description')) delete next.estimate;
        return next;
      });
    }
  };

  const onEstimate = async () => {
    const outcome = await estimate({
      topic: draft.topic,
      description: draft.description,
      format: draft.format,
    });
    if (outcome.ok) {
      setEstimateFailed(false);
      update({
        duration: String(outcome.estimate.duration),
        budget: String(outcome.estimate.cost),
        explanation: outcome.estimate.explanation,
        showAmounts: true,
      });
    } else if (outcome.reason === 'invalid') {
      setErrors((e) => ({
        ...e,
        estimate: outcome.message ?? fr.validation.estimateNeedsTopicAndDescription,
      }));
    } else {
      setEstimateFailed(true);
    }
  };

  const onSave = async () => {
    const signedOut = trainingSubmissionError(ownerId);
    if (signedOut) {
      toast.error(signedOut);
      return;
    }
    const parsed = newTrainingRequestSchema.safeParse(draft);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    if (!ownerId || !profile || !company || readiness) {
      toast.error(t.toasts.error);
      return;
    }
    setSaving(true);
    try {
      await addToTrainingPlan(repos, {
        ownerId,
        profile,
        company: { siret: company.siret, name: company.name, idcc: company.simulation.idcc },
        build: (ctx) => manualTrainingRequest(parsed.data, ctx),
      });
      clear();
      toast.success(t.toasts.success);
      void navigate('/training-plan');
    } catch {
      toast.error(t.toasts.error);
      setSaving(false);
    }
  };

  const onCancel = () => {
    clear();
    void navigate('/training-plan');
  };

  return (
    <div className="page">
      <div className="page-header">
        <div>
          <h1 className="page-title">{t.title}</h1>
          <p className="muted plan-subtitle">{t.subtitle}</p>
        </div>
      </div>
      <div className="stack">
        {readiness === 'no_profile' ? (
          <p className="new-training-warning">{t.notReady.no_profile}</p>
        ) : null}
        {readiness === 'no_company' ? (
          <p className="new-training-warning">
            {t.notReady.no_company} <Link to="/dashboard/companies">{t.notReady.addCompany}</Link>
          </p>
        ) : null}
        <NewTrainingForm
          draft={draft}
          onChange={change}
          errors={{ ...amountErrors, ...errors }}
          online={online}
          estimating={estimating}
          estimateFailed={estimateFailed}
          saving={saving}
          onEstimate={() => void onEstimate()}
          onSave={() => void onSave()}
          onCancel={onCancel}
          funding={
            <NewTrainingFunding
              ownerId={ownerId}
              company={company}
              duration={draft.duration}
              budget={draft.budget}
            />
          }
        />
      </div>
    </div>
  );
}
