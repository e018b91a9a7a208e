// Live queries for the screens (dexie-react-hooks): every tab sees every change, whoever wrote it
// (this tab, another tab, or a pull). Each hook takes the signed-in owner id and returns
// undefined while loading.
import { useLiveQuery } from 'dexie-react-hooks';
import { useLocalDb } from '../context';
import type {
  OpcoConfirmationRow,
  ProfileRow,
  ReferralRow,
  SimulationRow,
  SurveyResponseRow,
  TeamSurveyResponseRow,
  TeamSurveyRow,
  TrainingEmployeeRow,
  TrainingRequestRow,
} from '../rows';
import { liveRow, liveRows } from '../repositories/common';
import { deriveCompanies, type Company } from '../repositories/simulations';
import { teamSurveysRepository } from '../repositories/team-surveys';

type Owner = string | null | undefined;

export function useProfile(ownerId: Owner): ProfileRow | null | undefined {
  const db = useLocalDb();
  return useLiveQuery(
    async () => (ownerId ? ((await liveRow(db, 'profiles', ownerId, ownerId)) ?? null) : null),
    [db, ownerId],
  );
}

export function useSimulations(ownerId: Owner): SimulationRow[] | undefined {
  const db = useLocalDb();
  return useLiveQuery(() => (ownerId ? liveRows(db, 'simulations', ownerId) : []), [db, ownerId]);
}

/** Companies derived from the live simulations (latest simulation per siret), newest first. */
export function useCompanies(ownerId: Owner): Company[] | undefined {
  const db = useLocalDb();
  return useLiveQuery(
    async () => (ownerId ? deriveCompanies(await liveRows(db, 'simulations', ownerId)) : []),
    [db, ownerId],
  );
}

export function useUnlockRequests(ownerId: Owner): SurveyResponseRow[] | undefined {
  const db = useLocalDb();
  return useLiveQuery(
    () => (ownerId ? liveRows(db, 'survey_responses', ownerId) : []),
    [db, ownerId],
  );
}

export function useTrainingRequests(ownerId: Owner): TrainingRequestRow[] | undefined {
  const db = useLocalDb();
  return useLiveQuery(
    () => (ownerId ? liveRows(db, 'training_requests', ownerId) : []),
    [db, ownerId],
  );
}

export function useTrainingEmployees(ownerId: Owner): TrainingEmployeeRow[] | undefined {
  const db = useLocalDb();
  return useLiveQuery(
    () => (ownerId ? liveRows(db, 'training_employees', ownerId) : []),
    [db, ownerId],
  );
}

export function useTeamSurveys(ownerId: Owner): TeamSurveyRow[] | undefined {
  const db = useLocalDb();
  return useLiveQuery(() => (ownerId ? liveRows(db, 'team_surveys', ownerId) : []), [db, ownerId]);
}

export function useTeamSurvey(
  ownerId: Owner,
  surveyId: string | undefined,
): TeamSurveyRow | null | undefined {
  const db = useLocalDb();
  return useLiveQuery(
    async () =>
      ownerId && surveyId ? ((await liveRow(db, 'team_surveys', ownerId, surveyId)) ?? null) : null,
    [db, ownerId, surveyId],
  );
}

export function useTeamSurveyResponses(
  ownerId: Owner,
  surveyId: string | undefined,
): TeamSurveyResponseRow[] | undefined {
  const db = useLocalDb();
  return useLiveQuery(
    () =>
      ownerId && surveyId
        ? teamSurveysRepository(db).listTeamSurveyResponses(ownerId, surveyId)
        : [],
    [db, ownerId, surveyId],
  );
}

/** All live responses of the owner's surveys (counts per survey on the list page). */
export function useAllTeamSurveyResponses(ownerId: Owner): TeamSurveyResponseRow[] | undefined {
  const db = useLocalDb();
  return useLiveQuery(
    async () =>
      ownerId
        ? (await db.team_survey_responses.where('company_id').equals(ownerId).toArray()).filter(
            (r) => !r.deleted_at,
          )
        : [],
    [db, ownerId],
  );
}

export function useReferrals(ownerId: Owner): ReferralRow[] | undefined {
  const db = useLocalDb();
  return useLiveQuery(() => (ownerId ? liveRows(db, 'referrals', ownerId) : []), [db, ownerId]);
}

/** The owner's live amounts confirmed by the OPCO, newest recorded first (every company). */
export function useOpcoConfirmations(ownerId: Owner): OpcoConfirmationRow[] | undefined {
  const db = useLocalDb();
  return useLiveQuery(
    () => (ownerId ? liveRows(db, 'opco_confirmations', ownerId) : []),
    [db, ownerId],
  );
}
