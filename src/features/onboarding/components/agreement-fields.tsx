// Step 2's fields (01 §2): the collective agreement (the agreements the company declared, labelled,
// then the NAF suggestions, or the custom option with the free IDCC entry and its prefix search),
// the help popup, and the headcount band (prefilled from the INSEE band, shown with its year) with
// the free employee count of 'Je ne trouve pas mon effectif'.
import { Field } from '@/components/ui/field';
import { isOtherRange } from '@/domain/headcount';
import { fr } from '@/i18n/fr-onboarding';
import {
  bandKey,
  CUSTOM_AGREEMENT,
  type AgreementForm,
  type AgreementOption,
} from '../hooks/use-agreement-form';
import { AgreementHelp } from './agreement-help';
import { ComboboxField } from './combobox-field';

const t = fr.onboarding.details;

function agreementHint(form: AgreementForm): string {
  if (form.others.length > 0)
    return t.declaredDiffer(
      form.declared.map((d) => d.idcc),
      form.others.map((d) => d.idcc),
    );
  if (form.declared.length > 1) return t.declaredSeveral;
  if (form.declared.length === 1) return t.declaredOne(form.declaredLevel);
  if (form.suggestions.status === 'loading') return t.loadingAgreements;
  if (form.declaredNone) return t.declaredNone;
  return form.list.length > 0 ? t.agreementEstimate : t.noSuggestions;
}

function inseeHint(form: AgreementForm): string | undefined {
  const { insee, inseePrefill } = form;
  if (!insee) return undefined;
  const base = t.inseeBand(insee.year, t.inseeBandLabel(insee.min, insee.max));
  if (inseePrefill?.kind === 'match') {
    // Said only while the prefilled band is the one selected.
    const kept = form.selectedBand && bandKey(form.selectedBand) === bandKey(inseePrefill.band);
    return kept ? `${base} — ${t.inseePrefilled}` : base;
  }
  if (inseePrefill?.kind === 'ambiguous') {
    const threshold =
      inseePrefill.candidates.some((b) => b.max === 10) &&
      inseePrefill.candidates.some((b) => b.min === 11);
    return `${base} — ${threshold ? t.inseeThreshold : t.inseeAmbiguous}`;
  }
  return base;
}

const option = (s: AgreementOption) => (
  <option key={s.idcc} value={s.idcc}>
    {s.declared ? t.declaredOption(s.idcc, s.ccName) : t.idccOption(s.idcc, s.ccName)}
  </option>
);

export function AgreementFields({ form }: { form: AgreementForm }) {
  const {
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
  } = form;
  const loadingSuggestions = suggestions.status === 'loading';
  const known = form.declared.length + form.others.length;
  const idccStatus =
    idccSearch.status === 'loading'
      ? t.idccSearching
      : idccSearch.status === 'done'
        ? idccSearch.options.length > 0
          ? t.idccResultsCount(idccSearch.options.length)
          : t.idccNoResults
        : '';

  return (
    <>
      <Field
        label={t.agreementLabel}
        required
        error={mode === 'suggestion' ? errors.idcc : undefined}
        hint={agreementHint(form)}
      >
        {(props) => (
          <select
            {...props}
            className="select"
            value={mode === 'custom' ? CUSTOM_AGREEMENT : (selectedSuggestion?.idcc ?? '')}
            disabled={loadingSuggestions && known === 0}
            onChange={(event) => actions.chooseAgreement(event.target.value)}
          >
            {loadingSuggestions && known === 0 ? (
              <option value="">{t.loadingAgreements}</option>
            ) : null}
            {mode === 'suggestion' && selectedSuggestion === null && form.mustChoose ? (
              <option value="">{t.pickAgreement}</option>
            ) : null}
            {known > 0 ? (
              <>
                {form.declared.length > 0 ? (
                  <optgroup label={form.others.length > 0 ? t.declaredHereGroup : t.declaredGroup}>
                    {form.declared.map(option)}
                  </optgroup>
                ) : null}
                {form.others.length > 0 ? (
                  <optgroup label={t.otherGroup}>{form.others.map(option)}</optgroup>
                ) : null}
                {list.length > known ? (
                  <optgroup label={t.nafGroup}>
                    {list.filter((s) => !s.declared).map(option)}
                  </optgroup>
                ) : null}
              </>
            ) : (
              list.map(option)
            )}
            <option value={CUSTOM_AGREEMENT}>{t.agreementCustomOption}</option>
          </select>
        )}
      </Field>

      {mode === 'custom' ? (
        <ComboboxField
          label={t.idccLabel}
          hint={t.idccHint}
          error={errors.idcc}
          value={
            state.customPicked
              ? t.idccOption(state.customPicked.idcc, state.customPicked.label)
              : state.customText
          }
          onValueChange={actions.typeIdcc}
          options={idccSearch.options}
          getKey={(o) => o.idcc}
          renderOption={(o) => t.idccOption(o.idcc, o.label)}
          onSelect={actions.pickIdcc}
          listLabel={t.idccListLabel}
          status={idccStatus}
          inputProps={{ placeholder: t.idccPlaceholder, inputMode: 'numeric' }}
        />
      ) : null}
      {mode === 'custom' && idccSearch.status === 'done' && idccSearch.options.length === 0 ? (
        <p className="muted" aria-hidden="true">
          {t.idccNoResults}
        </p>
      ) : null}

      <AgreementHelp />

      <Field
        label={t.headcountLabel}
        required
        error={errors.range}
        hint={bands.status === 'loading' ? t.loadingBands : inseeHint(form)}
      >
        {(props) => (
          <select
            {...props}
            className="select"
            value={selectedBand ? bandKey(selectedBand) : ''}
            disabled={loading}
            onChange={(event) => actions.chooseBand(event.target.value)}
          >
            <option value="">{t.headcountPlaceholder}</option>
            {bandList.map((band) => (
              <option key={bandKey(band)} value={bandKey(band)}>
                {band.label}
              </option>
            ))}
          </select>
        )}
      </Field>

      {selectedBand && isOtherRange(selectedBand) ? (
        <Field
          label={t.employeeCountLabel}
          required
          error={errors.employeeCount}
          hint={matched ? t.matchedBand(matched.label) : undefined}
        >
          {(props) => (
            <input
              {...props}
              className="input"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              placeholder={t.employeeCountPlaceholder}
              value={state.employeeCount}
              onChange={(event) => actions.typeCount(event.target.value)}
            />
          )}
        </Field>
      ) : null}
    </>
  );
}
