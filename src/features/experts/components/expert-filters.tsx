import { useId } from 'react';
import { facetOptions, type ExpertFilters, type FilterFacet } from '@/domain/experts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { fr } from '@/i18n/fr';

type FacetCounts = Record<string, Record<string, number>>;

type ExpertFiltersProps = {
  open: boolean;
  onToggle: () => void;
  filters: ExpertFilters;
  facets: FacetCounts;
  onChange: (facet: FilterFacet, value: string | null) => void;
  onClear: () => void;
};

const LABELS: Record<FilterFacet, string> = {
  sector: fr.experts.sector,
  market: fr.experts.market,
};

function FacetSelect({
  facet,
  value,
  counts,
  onChange,
}: {
  facet: FilterFacet;
  value: string | null;
  counts: Record<string, number> | undefined;
  onChange: ExpertFiltersProps['onChange'];
}) {
  const options = facetOptions(counts, value);
  return (
    <Field label={LABELS[facet]}>
      {(props) => (
        <select
          {...props}
          className="select"
          name={facet}
          value={value ?? ''}
          onChange={(event) => onChange(facet, event.target.value || null)}
        >
          <option value="">{fr.experts.allOptions}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {fr.experts.facetOption(option.value, option.count)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** The filter toggle and its panel: 'Secteur d'activité' and 'Marché' with counts (02 §2.11). */
export function ExpertFiltersPanel({
  open,
  onToggle,
  filters,
  facets,
  onChange,
  onClear,
}: ExpertFiltersProps) {
  const panelId = useId();
  const active = [filters.sector, filters.market].filter(Boolean).length;
  return (
    <div className="experts-filters">
      <div className="row">
        <Button variant="secondary" aria-expanded={open} aria-controls={panelId} onClick={onToggle}>
          {open ? fr.experts.hideFilters : fr.experts.showFilters}
        </Button>
        {active > 0 ? <Badge tone="info">{fr.experts.activeFilters(active)}</Badge> : null}
      </div>
      <div id={panelId} className="experts-filters-panel" hidden={!open}>
        <FacetSelect
          facet="sector"
          value={filters.sector}
          counts={facets.sector}
          onChange={onChange}
        />
        <FacetSelect
          facet="market"
          value={filters.market}
          counts={facets.market}
          onChange={onChange}
        />
        {active > 0 ? (
          <Button variant="link" onClick={onClear}>
            {fr.experts.clearFilters}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
