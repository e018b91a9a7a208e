// Team surveys (02 §2.17-2.19): created active, closed once, never reopened. Responses arrive
// from respondents through the server and are pulled; the owner may only delete one.
import type { LocalDb } from '../database';
import { LocalStoreError } from '../errors';
import type { SurveyDepartmentRow, TeamSurveyResponseRow } from '../rows';
import type { WriteOptions } from '../write';
import { liveRow, liveRows, rowRepository } from './common';

/** What a new survey may say besides its name (issue 29): its company and its departments. */
export type TeamSurveyExtras = {
  company_name?: string | null;
  /** null or absent: the eight generic departments */
  departments?: SurveyDepartmentRow[] | null;
};

export function teamSurveysRepository(db: LocalDb, opts: WriteOptions = {}) {
  const rows = rowRepository(db, opts);
  return {
    createTeamSurvey: (ownerId: string, name: string, extras: TeamSurveyExtras = {}) =>
      rows.insertRow(ownerId, 'team_surveys', {
        name,
        status: 'active',
        ...(extras.company_name ? { company_name: extras.company_name } : {}),
        ...(extras.departments ? { departments: extras.departments } : {}),
      }),
    renameTeamSurvey: (ownerId: string, id: string, name: string) =>
      rows.updateRow(ownerId, 'team_surveys', id, { name }),
    async closeTeamSurvey(ownerId: string, id: string): Promise<void> {
      await rows.updateRow(ownerId, 'team_surveys', id, { status: 'closed' });
    },
    /** Reopening is refused (the server refuses it too: survey_reopen). */
    reopenTeamSurvey: async (): Promise<never> => {
      throw new LocalStoreError('survey_reopen');
    },
    deleteTeamSurvey: (ownerId: string, id: string) =>
      rows.softDeleteRow(ownerId, 'team_surveys', id),
    deleteTeamSurveyResponse: (ownerId: string, id: string) =>
      rows.softDeleteRow(ownerId, 'team_survey_responses', id),
    listTeamSurveys: (ownerId: string) => liveRows(db, 'team_surveys', ownerId),
    getTeamSurvey: (ownerId: string, id: string) => liveRow(db, 'team_surveys', ownerId, id),
    async listTeamSurveyResponses(
      ownerId: string,
      surveyId: string,
    ): Promise<TeamSurveyResponseRow[]> {
      // Forward range (one getAll, see liveRows), newest first in memory.
      const all = await db.team_survey_responses
        .where('[survey_id+created_at]')
        .between([surveyId, ''], [surveyId, '\uffff'])
        .toArray();
      return all.filter((r) => !r.deleted_at && r.company_id === ownerId).reverse();
    },
  };
}
