// Step 2's fields (01 §2): the collective agreement (NAF suggestions or the custom option with the
// free IDCC entry and its prefix search), the help popup, and the headcount band with the free
// employee count of 'Je ne trouve pas mon effectif'.
import { Field } from '@/components/ui/field';
import { isOtherRange } from '@/domain/headcount';
import { fr } from '@/i18n/fr-onboarding';
import { bandKey, CUSTOM_AGREEMENT, type AgreementForm } from '../hooks/use-agreement-form';
import { AgreementHelp } from './agreement-help';
import { ComboboxField } from './combobox-field';

const t = fr.onboarding.details;

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
        hint={
          loadingSuggestions
            ? t.loadingAgreements
            : list.length > 0
              ? t.agreementEstimate
              : t.noSuggestions
        }
      >
        {(props) => (
          <select
            {...props}
            className="select"
            value={mode === 'custom' ? CUSTOM_AGREEMENT : (selectedSuggestion?.idcc ?? '')}
            disabled={loadingSuggestions}
            onChange={(event) => actions.chooseAgreement(event.target.value)}
          >
            {loadingSuggestions ? <option value="">{t.loadingAgreements}</option> : null}
            {list.map((s) => (
              <option key={s.idcc} value={s.idcc}>
                {t.idccOption(s.idcc, s.ccName)}
              </option>
            ))}
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
        hint={bands.status === 'loading' ? t.loadingBands : undefined}
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
