import { describe, expect, it } from 'vitest';
import { formatLongDate, isIsoCalendarDate, toParisDateKey } from '@/domain/dates';
import {
  BUSINESS_IMPACT_LABELS,
  REFERRAL_STATUS_LABELS,
  TEAM_SURVEY_STATUS_LABELS,
  TOOLS_SATISFACTION_LABELS,
  TRAINING_STATUS_LABELS,
  UNLOCK_REQUEST_STATUS_LABELS,
  referralStatusLabel,
  trainingStatusLabel,
  unlockRequestStatusLabel,
} from '@/domain/labels';
import { fr } from '@/i18n/fr';

describe('French long dates (Europe/Paris)', () => {
  it('22 novembre 2026', () => {
    expect(formatLongDate('2026-11-22T10:00:00Z')).toBe('22 novembre 2026');
    expect(formatLongDate(new Date('2026-11-22T10:00:00Z'))).toBe('22 novembre 2026');
    expect(formatLongDate('2026-11-22')).toBe('22 novembre 2026');
  });
  it('uses the Paris day, not UTC', () => {
    expect(formatLongDate('2026-11-21T23:30:00Z')).toBe('22 novembre 2026');
    expect(toParisDateKey('2026-07-01T22:30:00Z')).toBe('2026-07-02');
  });
  it('junk gives an empty text', () => {
    expect(formatLongDate('pas une date')).toBe('');
    expect(formatLongDate(null)).toBe('');
  });
  it('ISO calendar dates', () => {
    expect(isIsoCalendarDate('2028-02-29')).toBe(true);
    expect(isIsoCalendarDate('2026-02-29')).toBe(false);
    expect(isIsoCalendarDate('2026-1-1')).toBe(false);
  });
});

describe('status labels (02 §3, §4)', () => {
  it('unlock requests', () => {
    expect(UNLOCK_REQUEST_STATUS_LABELS).toEqual({
      pending: 'En attente',
      approved: 'Approuvée',
      rejected: 'Refusée',
    });
    expect(unlockRequestStatusLabel('approved')).toBe('Approuvée');
  });
  it('referrals, anything else Statut inconnu', () => {
    expect(
      [
        'registered',
        'survey_pending',
        'survey_approved',
        'survey_rejected',
        'training_completed',
      ].map(referralStatusLabel),
    ).toEqual([
      'Inscrite',
      'Demande en cours',
      'Demande approuvée',
      'Demande rejetée',
      'Formation terminée',
    ]);
    expect(referralStatusLabel('paid')).toBe('Statut inconnu');
    expect(referralStatusLabel('toString')).toBe('Statut inconnu');
    expect(referralStatusLabel(undefined)).toBe('Statut inconnu');
  });
  it('training requests', () => {
    expect(TRAINING_STATUS_LABELS).toEqual({
      to_organize: 'À organiser',
      pending_funding: 'En attente de financement',
      in_progress: 'En cours',
      completed: 'Terminée',
      cancelled: 'Abandonnée',
    });
    expect(trainingStatusLabel('x')).toBe('Statut inconnu');
  });
  it('team surveys, business impact, tools satisfaction', () => {
    expect(TEAM_SURVEY_STATUS_LABELS).toEqual({ active: 'Actif', closed: 'Clôturé' });
    expect(BUSINESS_IMPACT_LABELS).toEqual({ high: 'Fort', medium: 'Moyen', low: 'Faible' });
    expect(TOOLS_SATISFACTION_LABELS).toEqual({
      yes: 'Oui',
      partially: 'Partiellement',
      no: 'Non',
      unknown: 'Je ne sais pas',
    });
  });
  it('i18n re-exports them and the validation messages', () => {
    expect(fr.statuses.referral).toBe(REFERRAL_STATUS_LABELS);
    expect(fr.validation.emailInvalid).toBe('Email invalide');
  });
});
