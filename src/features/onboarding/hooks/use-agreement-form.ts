// State of step 2 (01 §2, §4, §5): the agreement (a NAF suggestion, the first one preselected, or a
// typed IDCC), the headcount band (with the -1/-1 free count and its auto-match), validation with
// the domain schema, and the prefill from the stored companyDetails of the same company.
// Issue 15: what the registry knows comes first. The agreements declared for the establishment are
// listed before the NAF suggestions, labelled as declared; one is preselected, several are left to
// the user. When the company declares others for its other establishments (a head office's list
// differs from the company-wide one, issue 27 item 6), they are listed too and the user chooses. The INSEE band preselects the headcount band when it lies inside exactly one band
// (shown with its year); the user can always change both.
import { useState } from 'react';
import { isOtherRange, matchBand, type EmployeeRange } from '@/domain/headcount';
import { prefillFromInseeBand, readInseeBand, type InseePrefill } from '@/domain/insee-headcount';
import type { CompanySuggestion } from '@/domain/registry';
import type { IdccSuggestion } from '@/domain/idcc';
import { sanitizeIdccInput } from '@/domain/idcc';
import { parseEmployeeCount, resolveHeadcountRange } from '@/domain/onboarding-rules';
import type { CompanyDetails } from '@/domain/onboarding-storage';
import { agreementStepSchema } from '@/domain/schemas/onboarding';
import { fieldErrors } from '@/domain/schemas/common';
import {
  useAgreementSuggestions,
  useHeadcountBands,
  useIdccSearch,
  type IdccSearchOption,
  type Loadable,
} from './use-agreement-data';

export const CUSTOM_AGREEMENT = 'custom';
export const bandKey = (band: { min: number; max: number }) => `${band.min}:${band.max}`;

type FormState = {
  /** null: decided by the suggestions (none loaded -> custom). */
  mode: 'suggestion' | 'custom' | null;
  /** null: the first suggestion. */
  suggestionIdcc: string | null;
  customText: string;
  customPicked: IdccSearchOption | null;
  rangeKey: string;
  /** the user chose a band (the INSEE prefill no longer applies) */
  bandTouched: boolean;
  employeeCount: string;
};

/**
 * An agreement of the list: declared by the company (issue 15), for this establishment or (`other`)
 * for its other establishments (issue 27 item 6), or suggested from its NAF code.
 */
export type AgreementOption = IdccSuggestion & { declared: boolean; other?: boolean };

export type AgreementChoice = {
  idcc: string;
  idccLabel: string;
  agreementMode: 'suggestion' | 'custom';
  range: EmployeeRange;
  employeeCount: string;
};

function initialState(details: CompanyDetails | null): FormState {
  if (!details) {
    return {
      mode: null,
      suggestionIdcc: null,
      customText: '',
      customPicked: null,
      rangeKey: '',
      bandTouched: false,
      employeeCount: '',
    };
  }
  const custom = details.agreementMode === 'custom';
  const count = details.employeeCount;
  return {
    mode: details.agreementMode,
    suggestionIdcc: custom ? null : details.idcc,
    customText: custom ? details.idcc : '',
    customPicked:
      custom && details.idccLabel ? { idcc: details.idcc, label: details.idccLabel } : null,
    rangeKey: count !== '' ? '-1:-1' : bandKey(details.range),
    bandTouched: true,
    employeeCount: count,
  };
}

export function useAgreementForm(company: CompanySuggestion, details: CompanyDetails | null) {
  const [state, setState] = useState<FormState>(() => initialState(details));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const suggestions = useAgreementSuggestions(company.codeNaf);
  const declared: AgreementOption[] = (company.declaredAgreements ?? []).map((d) => ({
    idcc: d.idcc,
    ccName: d.name ?? '',
    proba: 100,
    declared: true,
  }));
  const others: AgreementOption[] = (company.otherAgreements ?? [])
    .filter((o) => !declared.some((d) => d.idcc === o.idcc))
    .map((o) => ({ idcc: o.idcc, ccName: o.name ?? '', proba: 100, declared: true, other: true }));
  const known = [...declared, ...others];
  const naf = suggestions.status === 'ready' ? suggestions.value : [];
  const list: AgreementOption[] = [
    ...known,
    ...naf
      .filter((s) => !known.some((d) => d.idcc === s.idcc))
      .map((s) => ({ ...s, declared: false })),
  ];
  // 01 §2: no suggestion loaded -> the free IDCC entry opens (a declared agreement is one).
  const mode: 'suggestion' | 'custom' =
    state.mode ??
    (known.length === 0 && suggestions.status === 'ready' && list.length === 0
      ? 'custom'
      : 'suggestion');
  // Several declared agreements, or lists that differ: the user picks (nothing preselected).
  const mustChoose = declared.length > 1 || others.length > 0;
  const picked = list.find((s) => s.idcc === state.suggestionIdcc);
  const selectedSuggestion =
    mode === 'suggestion'
      ? (picked ?? (mustChoose ? null : (declared[0] ?? list[0] ?? null)))
      : null;
  const customIdcc =
    mode === 'custom'
      ? (state.customPicked?.idcc ?? (state.customText.length === 4 ? state.customText : null))
      : null;
  const bandIdcc = mode === 'suggestion' ? (selectedSuggestion?.idcc ?? null) : customIdcc;
  const bands: Loadable<EmployeeRange[]> = useHeadcountBands(bandIdcc);
  const bandList = bands.status === 'ready' ? bands.value : [];
  const insee = company.inseeBand
    ? readInseeBand(company.inseeBand.code, company.inseeBand.year)
    : null;
  const inseePrefill: InseePrefill | null =
    insee && bands.status === 'ready' ? prefillFromInseeBand(bandList, insee) : null;
  const rangeKey =
    state.rangeKey !== '' || state.bandTouched
      ? state.rangeKey
      : inseePrefill?.kind === 'match'
        ? bandKey(inseePrefill.band)
        : '';
  const selectedBand = bandList.find((b) => bandKey(b) === rangeKey) ?? null;
  const idccSearch = useIdccSearch(
    mode === 'custom' && state.customPicked === null ? state.customText : '',
  );
  const count = parseEmployeeCount(state.employeeCount);
  const matched =
    selectedBand && isOtherRange(selectedBand) && count !== null
      ? matchBand(bandList, count)
      : null;

  const update = (patch: Partial<FormState>, clear: string[]) => {
    setState((s) => ({ ...s, ...patch }));
    if (clear.some((k) => errors[k])) {
      setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !clear.includes(k))));
    }
  };

  const actions = {
    chooseAgreement(value: string) {
      if (value === CUSTOM_AGREEMENT) {
        // 01 §2: the custom option reveals the free IDCC entry and clears the band selection.
        update({ mode: 'custom', rangeKey: '', employeeCount: '' }, [
          'idcc',
          'range',
          'employeeCount',
        ]);
      } else {
        update({ mode: 'suggestion', suggestionIdcc: value }, ['idcc']);
      }
    },
    typeIdcc(text: string) {
      update({ customText: sanitizeIdccInput(text), customPicked: null }, ['idcc']);
    },
    pickIdcc(option: IdccSearchOption) {
      update({ customText: option.idcc, customPicked: option }, ['idcc']);
    },
    chooseBand(key: string) {
      update(
        { rangeKey: key, bandTouched: true, ...(key === '-1:-1' ? {} : { employeeCount: '' }) },
        ['range', 'employeeCount'],
      );
    },
    typeCount(text: string) {
      update({ employeeCount: text.slice(0, 12) }, ['employeeCount']);
    },
  };

  /** Validates (01 §5); the choice, or null with the field errors shown. */
  const validate = (): AgreementChoice | null => {
    const idcc =
      mode === 'suggestion'
        ? (selectedSuggestion?.idcc ?? '')
        : (state.customPicked?.idcc ?? state.customText);
    const parsed = agreementStepSchema.safeParse({
      idcc,
      range: selectedBand,
      employeeCount: state.employeeCount,
    });
    if (!parsed.success || parsed.data.range === null) {
      setErrors(fieldErrors(parsed.error));
      return null;
    }
    setErrors({});
    return {
      idcc: parsed.data.idcc,
      idccLabel:
        (mode === 'suggestion' ? selectedSuggestion?.ccName : state.customPicked?.label) ?? '',
      agreementMode: mode,
      range: resolveHeadcountRange(bandList, parsed.data.range),
      employeeCount: selectedBand && isOtherRange(selectedBand) ? state.employeeCount.trim() : '',
    };
  };

  /** Suggestions or bands on their way: the band choice and Continuer wait for them. */
  const loading =
    (mode === 'suggestion' && known.length === 0 && suggestions.status === 'loading') ||
    bands.status === 'loading';

  return {
    loading,
    state,
    errors,
    suggestions,
    list,
    declared,
    others,
    mustChoose,
    declaredLevel: company.declaredLevel ?? null,
    /** the registry said the establishment declares no agreement (9999/9998 only) */
    declaredNone: company.declaredAgreements !== undefined && declared.length === 0,
    insee,
    inseePrefill,
    mode,
    selectedSuggestion,
    bands,
    bandList,
    selectedBand,
    idccSearch,
    matched,
    actions,
    validate,
  };
}

export type AgreementForm = ReturnType<typeof useAgreementForm>;
