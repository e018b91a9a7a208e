// The company combobox (01 §2, §4, §5): WAI-ARIA keyboard rules, hover, highlight reset, loading
// state, focus scroll; and the search hook (3 characters, 500 ms debounce, AbortController, siret).
import { useState } from 'react';
import { act, render, screen, fireEvent } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompanySuggestion } from '@/domain/registry';
import type { HttpResult } from '@/lib/http';
import type { RegistryResponse } from '@/domain/contracts';
import { CompanyCombobox } from '@/features/onboarding/components/company-combobox';
import {
  useCompanySearch,
  type CompanySearchStatus,
} from '@/features/onboarding/hooks/use-company-search';

const company = (i: number): CompanySuggestion => ({
  forme_juridique: 'SAS',
  isIdcc: false,
  siren: `10000000${i}`,
  siret: `10000000${i}00010`,
  companyName: `Société ${i}`,
  companyAddress: `${i} rue de Paris 75001 PARIS`,
  codeNaf: '62.01Z',
  idcc: [],
});
const three = [company(1), company(2), company(3)];

function Harness({ results = three, status = 'done' as CompanySearchStatus, onSelect = vi.fn() }) {
  const [query, setQuery] = useState('Soc');
  return (
    <CompanyCombobox
      query={query}
      onQueryChange={setQuery}
      results={results}
      status={status}
      onSelect={onSelect}
    />
  );
}

const input = () => screen.getByRole('combobox', { name: "Nom de l'entreprise ou numéro SIRET" });
const active = () => input().getAttribute('aria-activedescendant');
const optionId = (i: number) => screen.getAllByRole('option')[i]!.id;

afterEach(() => {
  vi.useRealTimers();
});

describe('company combobox (WAI-ARIA pattern)', () => {
  it('exposes a combobox controlling a labelled listbox of options keyed by siren', () => {
    render(<Harness />);
    expect(input()).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox', { name: 'Entreprises correspondantes' });
    expect(input()).toHaveAttribute('aria-controls', listbox.id);
    expect(screen.getAllByRole('option')).toHaveLength(3);
    expect(screen.getAllByRole('option')[0]).toHaveTextContent('Société 1');
    expect(screen.getAllByRole('option')[0]).toHaveTextContent('SIRET : 10000000100010');
    expect(active()).toBeNull();
  });

  it('moves the highlight with the arrows, bounded without wrap, and Enter selects', async () => {
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    const user = userEvent.setup();
    await user.click(input());
    await user.keyboard('{ArrowUp}');
    expect(active()).toBe(optionId(0));
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(active()).toBe(optionId(2));
    expect(screen.getAllByRole('option')[2]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(active()).toBe(optionId(1));
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith(three[1]);
  });

  it('Enter with nothing highlighted selects nothing; Escape closes the list', async () => {
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    const user = userEvent.setup();
    await user.click(input());
    await user.keyboard('{Enter}');
    expect(onSelect).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(input()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('listbox', { hidden: true })).not.toBeVisible();
    await user.keyboard('{ArrowDown}');
    expect(input()).toHaveAttribute('aria-expanded', 'true');
    expect(active()).toBe(optionId(0));
  });

  it('hovering highlights; a click selects; editing resets the highlight', async () => {
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    const user = userEvent.setup();
    await user.hover(screen.getAllByRole('option')[2]!);
    expect(active()).toBe(optionId(2));
    await user.type(input(), 'i');
    expect(active()).toBeNull();
    await user.click(screen.getAllByRole('option')[0]!);
    expect(onSelect).toHaveBeenCalledWith(three[0]);
  });

  // Issue 16 item 2: "disabled while loading" ate the keystrokes typed during a slow search.
  it('stays editable while loading: busy, with a spinner', () => {
    render(<Harness results={[]} status="loading" />);
    expect(input()).toBeEnabled();
    expect(input()).toHaveAttribute('aria-busy', 'true');
    expect(input()).toHaveClass('is-busy');
    expect(screen.getByRole('status', { name: 'Recherche en cours...' })).toBeInTheDocument();
  });

  it('scrolls the input to the centre 100 ms after focus', () => {
    vi.useFakeTimers();
    render(<Harness />);
    const spy = vi.spyOn(input(), 'scrollIntoView');
    fireEvent.focus(input());
    act(() => vi.advanceTimersByTime(99));
    expect(spy).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(spy).toHaveBeenCalledWith({ block: 'center', behavior: 'smooth' });
  });
});

type SearchFn = (
  q: string,
  siret: boolean,
  signal?: AbortSignal,
) => Promise<HttpResult<RegistryResponse>>;

function SearchProbe({ query, searchFn }: { query: string; searchFn: SearchFn }) {
  const search = useCompanySearch(query, searchFn);
  return (
    <p data-testid="probe">
      {search.status}:{search.results.map((c) => c.siren).join(',')}
    </p>
  );
}

const item = (siren: string) => ({
  siren,
  nom_entreprise: `E${siren}`,
  siege: { siret: `${siren}00011` },
});

describe('useCompanySearch', () => {
  it('searches from 3 characters after a 500 ms pause, digits on the siret target, 5 results', async () => {
    vi.useFakeTimers();
    const searchFn = vi.fn<SearchFn>(async (_q, siret) => ({
      ok: true,
      status: 200,
      data: {
        [siret ? 'resultats_siret' : 'resultats_nom_entreprise']: [
          '1',
          '2',
          '3',
          '4',
          '5',
          '6',
        ].map((d) => item(d.repeat(9))),
      } as RegistryResponse,
    }));
    const { rerender } = render(<SearchProbe query="ab" searchFn={searchFn} />);
    await act(async () => vi.advanceTimersByTime(600));
    expect(searchFn).not.toHaveBeenCalled();
    expect(screen.getByTestId('probe')).toHaveTextContent('idle:');
    rerender(<SearchProbe query="978 961" searchFn={searchFn} />);
    await act(async () => vi.advanceTimersByTime(499));
    expect(searchFn).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(searchFn).toHaveBeenCalledWith('978 961', true, expect.any(AbortSignal));
    expect(screen.getByTestId('probe').textContent).toBe(
      'done:111111111,222222222,333333333,444444444,555555555',
    );
  });

  it('cancels the in-flight request on a new search and when the screen is left', async () => {
    vi.useFakeTimers();
    const signals: AbortSignal[] = [];
    const searchFn = vi.fn<SearchFn>((_q, _s, signal) => {
      signals.push(signal!);
      return new Promise(() => {});
    });
    const { rerender, unmount } = render(<SearchProbe query="boulangerie" searchFn={searchFn} />);
    await act(async () => vi.advanceTimersByTime(500));
    expect(screen.getByTestId('probe')).toHaveTextContent('loading:');
    rerender(<SearchProbe query="boulangerie dupont" searchFn={searchFn} />);
    await act(async () => vi.advanceTimersByTime(500));
    expect(signals[0]!.aborted).toBe(true);
    expect(signals[1]!.aborted).toBe(false);
    unmount();
    expect(signals[1]!.aborted).toBe(true);
  });

  it('says offline instead of an empty list; other failures are "unavailable", not an empty list', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const offline = vi.fn<SearchFn>(async () => ({ ok: false, code: 'offline' }));
    const { unmount } = render(<SearchProbe query="boulangerie" searchFn={offline} />);
    await act(async () => vi.advanceTimersByTime(500));
    expect(screen.getByTestId('probe')).toHaveTextContent('offline:');
    unmount();
    const broken = vi.fn<SearchFn>(async () => ({ ok: false, code: 'server', status: 500 }));
    render(<SearchProbe query="boulangerie" searchFn={broken} />);
    await act(async () => vi.advanceTimersByTime(500));
    expect(screen.getByTestId('probe')).toHaveTextContent('unavailable:');
    expect(warn).toHaveBeenCalledWith('Failed to fetch companies', 'server', 500);
  });

  it('says whether the companies are sample data (X-Data-Source: sample)', async () => {
    vi.useFakeTimers();
    const answer = (source: string | null) =>
      vi.fn<SearchFn>(async () => ({
        ok: true,
        status: 200,
        headers: new Headers(source ? { 'x-data-source': source } : {}),
        data: {
          resultats_nom_entreprise: [item('111111111')],
          resultats_siret: [],
        } as unknown as RegistryResponse,
      }));
    function Probe({ searchFn }: { searchFn: SearchFn }) {
      const search = useCompanySearch('boulangerie', searchFn);
      return <p data-testid="probe">{`${search.status}:${String(search.sample)}`}</p>;
    }
    const { unmount } = render(<Probe searchFn={answer('sample')} />);
    await act(async () => vi.advanceTimersByTime(500));
    expect(screen.getByTestId('probe')).toHaveTextContent('done:true');
    unmount();
    render(<Probe searchFn={answer('gouv')} />);
    await act(async () => vi.advanceTimersByTime(500));
    expect(screen.getByTestId('probe')).toHaveTextContent('done:false');
  });
});
