// State of step 2 (01 §2, §4, §5): the agreement (a NAF suggestion, the first one preselected, or a
// typed IDCC), the headcount band (with the -1/-1 free count and its auto-match), validation with
// the domain schema, and the prefill from the stored companyDetails of the same company.
import { useState } from 'react';
import { isOtherRange, matchBand, type EmployeeRange } from '@/domain/headcount';
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
  employeeCount: string;
};

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
    employeeCount: count,
  };
}

export function useAgreementForm(codeNaf: string, details: CompanyDetails | null) {
  const [state, setState] = useState<FormState>(() => initialState(details));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const suggestions = useAgreementSuggestions(codeNaf);
  const list: IdccSuggestion[] = suggestions.status === 'ready' ? suggestions.value : [];
  // 01 §2: no suggestion loaded -> the free IDCC entry opens.
  const mode: 'suggestion' | 'custom' =
    state.mode ?? (suggestions.status === 'ready' && list.length === 0 ? 'custom' : 'suggestion');
  const selectedSuggestion =
    mode === 'suggestion'
      ? (list.find((s) => s.idcc === state.suggestionIdcc) ?? list[0] ?? null)
      : null;
  const customIdcc =
    mode === 'custom'
      ? (state.customPicked?.idcc ?? (state.customText.length === 4 ? state.customText : null))
      : null;
  const bandIdcc = mode === 'suggestion' ? (selectedSuggestion?.idcc ?? null) : customIdcc;
  const bands: Loadable<EmployeeRange[]> = useHeadcountBands(bandIdcc);
  const bandList = bands.status === 'ready' ? bands.value : [];
  const selectedBand = bandList.find((b) => bandKey(b) === state.rangeKey) ?? null;
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
      update({ rangeKey: key, ...(key === '-1:-1' ? {} : { employeeCount: '' }) }, [
        'range',
        'employeeCount',
      ]);
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
    (mode === 'suggestion' && suggestions.status === 'loading') || bands.status === 'loading';

  return {
    loading,
    state,
    errors,
    suggestions,
    list,
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
