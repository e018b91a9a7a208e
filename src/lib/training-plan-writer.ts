// Adds a training request to the plan, local-first (02 §3, §9): the placeholder employee when the
// owner has none ('À définir'), the request context from the profile and the company, then the row
// built by a domain rule (recommendationToTrainingRequest, manualTrainingRequest). Two local writes,
// each with its outbox mutation; no network. Shared by the recommendation page, the new-request
// form and any screen adding to the plan.
import type { Repositories } from '@/db';
import type { TrainingRequestContext, TrainingRequestRow } from '@/domain/training';
import {
  requestContext,
  type ContextCompany,
  type ContextProfile,
} from '@/domain/training-plan-rules';

export type AddToPlanInput = {
  ownerId: string;
  profile: ContextProfile;
  company: ContextCompany;
  build: (ctx: TrainingRequestContext) => TrainingRequestRow;
  now?: Date;
};

type PlanWriter = Pick<Repositories, 'ensurePlaceholderEmployee' | 'createTrainingRequest'>;

/** Returns the new request's id. Throws the repositories' LocalStoreError on a local failure. */
export async function addToTrainingPlan(repos: PlanWriter, input: AddToPlanInput): Promise<string> {
  const employeeId = await repos.ensurePlaceholderEmployee(input.ownerId);
  const ctx = requestContext({
    id: '',
    ownerId: input.ownerId,
    employeeId,
    profile: input.profile,
    company: input.company,
    createdAt: (input.now ?? new Date()).toISOString(),
  });
  // id, owner, creation date and status are the repository's (new requests are always to_organize).
  const {
    id: _id,
    company_id: _owner,
    created_at: _created,
    status: _status,
    ...fields
  } = input.build(ctx);
  return repos.createTrainingRequest(input.ownerId, fields);
}
