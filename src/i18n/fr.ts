// Every French string of the product, by area (one file per area under ./fr so that features
// evolve independently). Components import `fr` and never hold French literals.
import { app } from './fr/app';
import { auth } from './fr/auth';
import { booking, bookingAdvisors } from './fr/booking';
import { common } from './fr/common';
import { companies } from './fr/companies';
import { dashboard } from './fr/dashboard';
import { experts } from './fr/experts';
import { legal } from './fr/legal';
import { meetings } from './fr/meetings';
import { onboarding } from './fr/onboarding';
import { opcoConfirmation } from './fr/opco-confirmation';
import { planFunding } from './fr/plan-funding';
import { publicSurvey } from './fr/public-survey';
import { pwa } from './fr/pwa';
import { recommendations } from './fr/recommendations';
import { referral } from './fr/referral';
import { requests } from './fr/requests';
import { routes } from './fr/routes';
import { settings } from './fr/settings';
import { shell } from './fr/shell';
import { statuses } from './fr/statuses';
import { surveyResults } from './fr/survey-results';
import { sync } from './fr/sync';
import { teamSurveys } from './fr/team-surveys';
import { trainingExplainer } from './fr/training-explainer';
import { trainingPlan } from './fr/training-plan';
import { unlockBudget } from './fr/unlock-budget';
import { validation } from './fr/validation';

export const fr = {
  app,
  auth,
  booking,
  bookingAdvisors,
  common,
  companies,
  dashboard,
  experts,
  legal,
  meetings,
  onboarding,
  opcoConfirmation,
  planFunding,
  publicSurvey,
  pwa,
  recommendations,
  referral,
  requests,
  routes,
  settings,
  shell,
  statuses,
  surveyResults,
  sync,
  teamSurveys,
  trainingExplainer,
  trainingPlan,
  unlockBudget,
  validation,
} as const;

export type Fr = typeof fr;
