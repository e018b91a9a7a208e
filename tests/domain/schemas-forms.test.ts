import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { UNLOCK_BUDGET_OPTIONS } from '@/domain/labels';
import { fieldErrors } from '@/domain/schemas/common';
import { agreementStepSchema } from '@/domain/schemas/onboarding';
import {
  canCreateSurvey,
  canLeaveSurveyStep,
  newSurveySchema,
  surveyAnswersStepSchema,
  surveyDepartmentStepSchema,
  surveyIdError,
  surveyIdentityStepSchema,
} from '@/domain/schemas/surveys';
import {
  canEstimate,
  canSaveTrainingRequest,
  estimateInputSchema,
  newTrainingRequestSchema,
  recommendationNeedSchema,
  trainingSubmissionError,
} from '@/domain/schemas/training';
import {
  isUnlockStepValid,
  unlockBudgetFormSchema,
  unlockObjectiveStepSchema,
  unlockPlanningStepSchema,
  unlockSubmissionError,
  unlockTargetStepSchema,
  unlockTopicsStepSchema,
} from '@/domain/schemas/unlock-budget';

// Classic zod and zod/mini schemas alike (the public survey's steps are zod/mini).
const errors = (schema: { safeParse: (v: unknown) => { error?: z.core.$ZodError } }, v: unknown) =>
  fieldErrors(schema.safeParse(v).error);
const HUGE = 'x'.repeat(10 * 1024 * 1024);

describe('agreementStepSchema (01 §5)', () => {
  const band = { min: 11, max: 49, label: '11 à 49 salariés' };
  it('valid with a chosen agreement and band', () => {
    expect(agreementStepSchema.safeParse({ idcc: '1486', range: band }).data).toEqual({
      idcc: '1486',
      range: band,
    });
  });
  it('pads a short typed IDCC', () => {
    expect(agreementStepSchema.safeParse({ idcc: '16', range: band }).data?.idcc).toBe('0016');
    expect(agreementStepSchema.safeParse({ idcc: 16, range: band }).data?.idcc).toBe('0016');
  });
  it("an agreement must be chosen: 'Veuillez sélectionner une convention collective'", () => {
    for (const idcc of ['', '  ', null, undefined]) {
      expect(errors(agreementStepSchema, { idcc, range: band }).idcc).toBe(
        'Veuillez sélectionner une convention collective',
      );
    }
  });
  it("a typed IDCC must be digits only: 'L'IDCC doit être un nombre'", () => {
    expect(errors(agreementStepSchema, { idcc: '14a6', range: band }).idcc).toBe(
      "L'IDCC doit être un nombre",
    );
    expect(errors(agreementStepSchema, { idcc: '12345', range: band }).idcc).toBe(
      "L'IDCC doit être un nombre",
    );
    expect(errors(agreementStepSchema, { idcc: HUGE, range: band }).idcc).toBe(
      "L'IDCC doit être un nombre",
    );
  });
  it("a band is required: 'Veuillez sélectionner une tranche d'effectif'", () => {
    expect(errors(agreementStepSchema, { idcc: '1486', range: null }).range).toBe(
      "Veuillez sélectionner une tranche d'effectif",
    );
    expect(errors(agreementStepSchema, { idcc: '1486', range: 'junk' }).range).toBe(
      "Veuillez sélectionner une tranche d'effectif",
    );
  });
  const other = { min: -1, max: -1, label: 'Je ne trouve pas mon effectif' };
  it("custom count required: 'Veuillez saisir un nombre d'employés'", () => {
    expect(
      errors(agreementStepSchema, { idcc: '1486', range: other, employeeCount: ' ' }).employeeCount,
    ).toBe("Veuillez saisir un nombre d'employés");
    expect(errors(agreementStepSchema, { idcc: '1486', range: other }).employeeCount).toBe(
      "Veuillez saisir un nombre d'employés",
    );
  });
  it("custom count must be a non-negative integer: 'Le nombre d'employés doit être un nombre positif'", () => {
    for (const employeeCount of ['-1', '2.5', 'abc', '1e3']) {
      expect(
        errors(agreementStepSchema, { idcc: '1486', range: other, employeeCount }).employeeCount,
      ).toBe("Le nombre d'employés doit être un nombre positif");
    }
  });
  it('custom count 0 and n become the range n-n', () => {
    expect(
      agreementStepSchema.safeParse({ idcc: '1486', range: other, employeeCount: '0' }).data?.range,
    ).toEqual({ min: 0, max: 0, label: '0 salariés' });
    expect(
      agreementStepSchema.safeParse({ idcc: '1486', range: other, employeeCount: ' 1 200 ' }).data
        ?.range,
    ).toEqual({
      min: 1200,
      max: 1200,
      label: '1200 salariés',
    });
    expect(
      agreementStepSchema.safeParse({ idcc: '1486', range: other, employeeCount: 42 }).data?.range
        ?.min,
    ).toBe(42);
  });
  it('junk never throws', () => {
    for (const v of [null, 1, 'x', []])
      expect(agreementStepSchema.safeParse(v).success).toBe(false);
  });
});

describe('unlock-budget steps (02 §5)', () => {
  const [objective] = UNLOCK_BUDGET_OPTIONS.objectives;
  it('option counts: 5 objectives, 5 audiences, 9 topics, 5 rhythms, each ending with Autre', () => {
    expect(UNLOCK_BUDGET_OPTIONS.objectives).toHaveLength(5);
    expect(UNLOCK_BUDGET_OPTIONS.audiences).toHaveLength(5);
    expect(UNLOCK_BUDGET_OPTIONS.topics).toHaveLength(9);
    expect(UNLOCK_BUDGET_OPTIONS.rhythms).toEqual([
      'Chaque semaine',
      'Toutes les 2 semaines',
      'Chaque mois',
      'Pas de préférence',
      'Autre',
    ]);
    for (const list of Object.values(UNLOCK_BUDGET_OPTIONS)) expect(list.at(-1)).toBe('Autre');
  });
  it("step 1: 'Veuillez sélectionner un objectif'", () => {
    expect(unlockObjectiveStepSchema.safeParse({ objective }).data).toEqual({ objective });
    expect(errors(unlockObjectiveStepSchema, { objective: '' }).objective).toBe(
      'Veuillez sélectionner un objectif',
    );
    expect(errors(unlockObjectiveStepSchema, { objective: 'pas une option' }).objective).toBe(
      'Veuillez sélectionner un objectif',
    );
  });
  it('Autre: the free text replaces the value', () => {
    expect(
      unlockObjectiveStepSchema.safeParse({ objective: 'Autre', objectiveOther: '  Mon objectif ' })
        .data,
    ).toEqual({ objective: 'Mon objectif' });
    expect(
      errors(unlockObjectiveStepSchema, { objective: 'Autre', objectiveOther: ' ' }).objectiveOther,
    ).toBe('Veuillez préciser votre réponse');
  });
  it("step 2: 'Veuillez sélectionner un public cible'", () => {
    expect(errors(unlockTargetStepSchema, {}).target).toBe('Veuillez sélectionner un public cible');
    expect(
      unlockTargetStepSchema.safeParse({ target: 'Autre', targetOther: 'Stagiaires' }).data,
    ).toEqual({ target: 'Stagiaires' });
  });
  it("step 3: 'Veuillez sélectionner au moins une thématique'", () => {
    expect(errors(unlockTopicsStepSchema, { topics: [] }).topics).toBe(
      'Veuillez sélectionner au moins une thématique',
    );
    expect(errors(unlockTopicsStepSchema, { topics: 'x' }).topics).toBe(
      'Veuillez sélectionner au moins une thématique',
    );
    expect(unlockTopicsStepSchema.safeParse({ topics: ['Langues étrangères'] }).success).toBe(true);
  });
  it('topics: the Autre text is appended', () => {
    expect(
      unlockTopicsStepSchema.safeParse({
        topics: ['Autre', 'Langues étrangères'],
        topicsOther: 'Soudure',
      }).data,
    ).toEqual({
      topics: ['Langues étrangères', 'Soudure'],
    });
  });
  const today = '2026-11-22';
  it("step 4: 'Veuillez sélectionner un rythme de formation'", () => {
    expect(errors(unlockPlanningStepSchema(today), { rhythm: '' }).rhythm).toBe(
      'Veuillez sélectionner un rythme de formation',
    );
    expect(unlockPlanningStepSchema(today).safeParse({ rhythm: 'Chaque mois' }).data).toEqual({
      rhythm: 'Chaque mois',
      startDate: null,
    });
  });
  it('start date optional, not before today (yesterday refused, today accepted)', () => {
    const s = unlockPlanningStepSchema(today);
    expect(s.safeParse({ rhythm: 'Chaque mois', startDate: '' }).data?.startDate).toBeNull();
    expect(s.safeParse({ rhythm: 'Chaque mois', startDate: null }).data?.startDate).toBeNull();
    expect(s.safeParse({ rhythm: 'Chaque mois', startDate: '2026-11-22' }).data?.startDate).toBe(
      '2026-11-22',
    );
    expect(errors(s, { rhythm: 'Chaque mois', startDate: '2026-11-21' }).startDate).toBe(
      "La date de début ne peut pas être antérieure à aujourd'hui",
    );
    expect(errors(s, { rhythm: 'Chaque mois', startDate: '2026-02-30' }).startDate).toBe(
      'Date invalide',
    );
    expect(errors(s, { rhythm: 'Chaque mois', startDate: HUGE }).startDate).toBe('Date invalide');
  });
  it('whole form gives the payload, or every step message', () => {
    const form = unlockBudgetFormSchema(today);
    expect(
      form.safeParse({
        objective,
        target: 'Managers et encadrants',
        topics: ['Intelligence artificielle'],
        rhythm: 'Autre',
        rhythmOther: 'Deux jours par mois',
        startDate: '2027-01-04',
      }).data,
    ).toEqual({
      objective,
      target: 'Managers et encadrants',
      topics: ['Intelligence artificielle'],
      rhythm: 'Deux jours par mois',
      startDate: '2027-01-04',
    });
    expect(errors(form, {})).toEqual({
      objective: 'Veuillez sélectionner un objectif',
      target: 'Veuillez sélectionner un public cible',
      topics: 'Veuillez sélectionner au moins une thématique',
      rhythm: 'Veuillez sélectionner un rythme de formation',
    });
    expect(form.safeParse(null).success).toBe(false);
  });
  it('forward only when the current step is valid', () => {
    expect(isUnlockStepValid(1, { objective }, today)).toBe(true);
    expect(isUnlockStepValid(2, { objective }, today)).toBe(false);
  });
  it('submission errors', () => {
    expect(unlockSubmissionError({ userId: null, companySiret: '1' })).toBe(
      'Vous devez être connecté pour soumettre le formulaire',
    );
    expect(unlockSubmissionError({ userId: 'u', companySiret: undefined })).toBe(
      'Aucune entreprise sélectionnée',
    );
    expect(unlockSubmissionError({ userId: 'u', companySiret: '12345678900012' })).toBeNull();
  });
});

describe('recommendation need (02 §5)', () => {
  it("blank after trimming: 'Veuillez décrire votre besoin en formation'", () => {
    for (const v of ['', '   ', null, undefined, 3]) {
      expect(recommendationNeedSchema.safeParse(v).error?.issues[0]?.message).toBe(
        'Veuillez décrire votre besoin en formation',
      );
    }
    expect(recommendationNeedSchema.safeParse(' Excel ').data).toBe('Excel');
  });
});

describe('new training request (02 §5)', () => {
  const form = {
    topic: 'Excel',
    description: 'Tableaux croisés',
    format: 'remote',
    duration: '14',
    budget: '1500',
  };
  it('numbers may come as strings', () => {
    expect(newTrainingRequestSchema.safeParse(form).data).toEqual({
      ...form,
      duration: 14,
      budget: 1500,
    });
  });
  it('topic and description required', () => {
    expect(errors(newTrainingRequestSchema, { ...form, topic: ' ', description: '' })).toEqual({
      topic: 'La thématique est requise',
      description: 'La description est requise',
    });
  });
  it('estimate needs topic and description', () => {
    expect(canEstimate('Excel', 'x')).toBe(true);
    expect(canEstimate('Excel', ' ')).toBe(false);
    expect(
      estimateInputSchema.safeParse({ topic: '', description: 'x' }).error?.issues[0]?.message,
    ).toBe('Veuillez remplir la thématique et la description');
    expect(
      estimateInputSchema.safeParse({ topic: 'a', description: 'b', format: 'in_person' }).data,
    ).toEqual({ topic: 'a', description: 'b', format: 'in_person' });
  });
  it('format remote or in person', () => {
    expect(errors(newTrainingRequestSchema, { ...form, format: 'e_learning' }).format).toBe(
      'Veuillez choisir un format',
    );
  });
  it('duration minimum 1: 0 refused, 1 accepted', () => {
    expect(errors(newTrainingRequestSchema, { ...form, duration: 0 }).duration).toBe(
      "La durée doit être d'au moins 1 heure",
    );
    expect(newTrainingRequestSchema.safeParse({ ...form, duration: 1 }).success).toBe(true);
  });
  it('budget minimum 0: 0 accepted, negative refused', () => {
    expect(newTrainingRequestSchema.safeParse({ ...form, budget: '0' }).success).toBe(true);
    expect(errors(newTrainingRequestSchema, { ...form, budget: -1 }).budget).toBe(
      'Le budget doit être un montant positif ou nul',
    );
  });
  it('both required; non-numbers refused', () => {
    expect(errors(newTrainingRequestSchema, { ...form, duration: '', budget: null })).toEqual({
      duration: 'La durée est requise',
      budget: 'Le budget est requis',
    });
    expect(errors(newTrainingRequestSchema, { ...form, duration: 'abc' }).duration).toBe(
      'Veuillez saisir un nombre',
    );
    expect(canSaveTrainingRequest('3', '')).toBe(false);
    expect(canSaveTrainingRequest('3', '0')).toBe(true);
  });
  it('submission needs a user', () => {
    expect(trainingSubmissionError(null)).toBe(
      'Vous devez être connecté pour soumettre le formulaire',
    );
    expect(trainingSubmissionError('u')).toBeNull();
  });
  it('10 MB texts rejected with a message', () => {
    expect(
      errors(newTrainingRequestSchema, { ...form, topic: HUGE, description: HUGE, duration: HUGE }),
    ).toEqual({
      topic: 'Ce champ ne peut pas dépasser 300 caractères',
      description: 'Ce champ ne peut pas dépasser 5000 caractères',
      duration: 'Veuillez saisir un nombre',
    });
  });
});

describe('surveys (02 §5)', () => {
  it('new survey name required', () => {
    expect(errors(newSurveySchema, { name: ' ' }).name).toBe('Le nom du sondage est requis');
    expect(canCreateSurvey('')).toBe(false);
    expect(canCreateSurvey('Besoins 2027')).toBe(true);
    expect(errors(newSurveySchema, { name: HUGE }).name).toBe(
      'Ce champ ne peut pas dépasser 200 caractères',
    );
  });
  it('department required', () => {
    expect(errors(surveyDepartmentStepSchema, { department: 'finance' }).department).toBe(
      'Veuillez sélectionner votre service',
    );
    expect(surveyDepartmentStepSchema.safeParse({ department: 'tech' }).success).toBe(true);
  });
  it('tools answer required to continue', () => {
    expect(
      errors(surveyAnswersStepSchema, { responses: { skills: ['a'] } }).tools_satisfaction,
    ).toBe('Veuillez répondre à la question sur les outils');
    expect(
      surveyAnswersStepSchema.safeParse({ responses: null, tools_satisfaction: 'partially' }).data,
    ).toEqual({
      responses: {},
      tools_satisfaction: 'partially',
      improvement_suggestion: '',
    });
  });
  it('first and last name optional (issue 29), trimmed, bounded', () => {
    expect(surveyIdentityStepSchema.parse({ first_name: '', last_name: ' ' })).toEqual({
      first_name: '',
      last_name: '',
    });
    expect(surveyIdentityStepSchema.parse({})).toEqual({ first_name: '', last_name: '' });
    expect(errors(surveyIdentityStepSchema, { first_name: 'x'.repeat(101) })).toEqual({
      first_name: 'Ce champ ne peut pas dépasser 100 caractères',
    });
  });
  it('wizard steps', () => {
    expect(canLeaveSurveyStep(1, { department: 'hr' })).toBe(true);
    expect(canLeaveSurveyStep(2, {})).toBe(false);
    expect(canLeaveSurveyStep(3, { first_name: 'A', last_name: 'B' })).toBe(true);
    expect(canLeaveSurveyStep(4, {})).toBe(false);
  });
  it("missing survey id: 'ID du sondage manquant'", () => {
    expect(surveyIdError(undefined)).toBe('ID du sondage manquant');
    expect(surveyIdError('abc')).toBeNull();
  });
});
