import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  companiesViewParams,
  readCompaniesView,
  type CompaniesView,
} from '@/domain/companies-rules';

/** The sub-view (list → search → details) lives in the URL: back and forward work, reloads keep it. */
export function useCompaniesView(): [
  CompaniesView,
  (next: CompaniesView, replace?: boolean) => void,
] {
  const [params, setParams] = useSearchParams();
  const view = readCompaniesView(params);
  const go = useCallback(
    (next: CompaniesView, replace = false) => setParams(companiesViewParams(next), { replace }),
    [setParams],
  );
  return [view, go];
}
