// Status badges (02 §3, §4). The labels are document requirements that domain rules return, so
// they live in src/domain/labels.ts; this module is their UI entry point (`fr.statuses`).
import {
  BUSINESS_IMPACT_LABELS,
  REFERRAL_STATUS_LABELS,
  TEAM_SURVEY_STATUS_LABELS,
  TOOLS_SATISFACTION_LABELS,
  TRAINING_STATUS_LABELS,
  UNKNOWN_STATUS_LABEL,
  UNLOCK_REQUEST_STATUS_LABELS,
} from '@/domain/labels';

export const statuses = {
  unlockRequest: UNLOCK_REQUEST_STATUS_LABELS,
  referral: REFERRAL_STATUS_LABELS,
  unknown: UNKNOWN_STATUS_LABEL,
  trainingRequest: TRAINING_STATUS_LABELS,
  teamSurvey: TEAM_SURVEY_STATUS_LABELS,
  businessImpact: BUSINESS_IMPACT_LABELS,
  toolsSatisfaction: TOOLS_SATISFACTION_LABELS,
} as const;
