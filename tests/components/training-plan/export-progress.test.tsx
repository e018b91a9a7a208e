// The export button's progress bar for large plans and the export error toast (02 §8), with the
// lazily loaded builder replaced by a controllable fake.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import type { TrainingPlanCsvRow } from '@/domain/csv';
import { ExportCsvButton } from '@/features/training-plan/components/export-csv-button';
import { fr } from '@/i18n/fr';

type Options = { onProgress?: (done: number, total: number) => void };
const control = vi.hoisted(() => ({
  calls: [] as {
    rows: number;
    options: Options;
    resolve: (v: { fileName: string; blob: Blob }) => void;
    reject: (e: unknown) => void;
  }[],
}));

vi.mock('@/features/training-plan/export/plan-csv-export', () => ({
  buildPlanCsvFile: (rows: readonly unknown[], _now: Date, options: Options) =>
    new Promise((resolve, reject) =>
      control.calls.push({ rows: rows.length, options, resolve, reject }),
    ),
}));

const rows = (n: number): (TrainingPlanCsvRow & { id: string })[] =>
  Array.from({ length: n }, (_, i) => ({ id: `r${i}`, topic: `F${i}` }));

afterEach(() => {
  control.calls = [];
  vi.restoreAllMocks();
});

describe('ExportCsvButton', () => {
  it('shows the progress of a large export, then downloads', async () => {
    const user = userEvent.setup();
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    render(<ExportCsvButton rows={rows(4000)} />);
    await user.click(screen.getByRole('button', { name: fr.trainingPlan.exportCsv }));
    await waitFor(() => expect(control.calls).toHaveLength(1));
    expect(control.calls[0]!.rows).toBe(4000);
    act(() => control.calls[0]!.options.onProgress?.(1000, 4000));
    const bar = screen.getByRole('progressbar', { name: fr.trainingPlan.exportProgressLabel });
    expect(bar).toHaveAttribute('value', '25');
    expect(screen.getByText(fr.trainingPlan.exportProgress(25))).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: new RegExp(fr.trainingPlan.exporting) }),
    ).toBeDisabled();
    act(() => control.calls[0]!.options.onProgress?.(3000, 4000));
    expect(screen.getByText(fr.trainingPlan.exportProgress(75))).toBeInTheDocument();
    await act(async () =>
      control.calls[0]!.resolve({
        fileName: 'projet-formation-2026-11-22.csv',
        blob: new Blob(['x']),
      }),
    );
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: fr.trainingPlan.exportCsv })).toBeEnabled();
  });

  it('shows no progress bar for a small plan', async () => {
    const user = userEvent.setup();
    render(<ExportCsvButton rows={rows(10)} />);
    await user.click(screen.getByRole('button', { name: fr.trainingPlan.exportCsv }));
    await waitFor(() => expect(control.calls).toHaveLength(1));
    act(() => control.calls[0]!.options.onProgress?.(10, 10));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await act(async () => control.calls[0]!.reject(new Error('stop')));
  });

  it("says 'Erreur lors de l'export des données' when the export fails", async () => {
    const user = userEvent.setup();
    render(
      <>
        <ExportCsvButton rows={rows(3)} />
        <Toaster />
      </>,
    );
    await user.click(screen.getByRole('button', { name: fr.trainingPlan.exportCsv }));
    await waitFor(() => expect(control.calls).toHaveLength(1));
    await act(async () => control.calls[0]!.reject(new Error('quota')));
    expect(await screen.findByText("Erreur lors de l'export des données")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: fr.trainingPlan.exportCsv })).toBeEnabled();
  });

  it('is disabled while the plan loads or is empty', () => {
    const { rerender } = render(<ExportCsvButton rows={undefined} />);
    expect(screen.getByRole('button', { name: fr.trainingPlan.exportCsv })).toBeDisabled();
    rerender(<ExportCsvButton rows={[]} />);
    expect(screen.getByRole('button', { name: fr.trainingPlan.exportCsv })).toBeDisabled();
  });
});
