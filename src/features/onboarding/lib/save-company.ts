// Signed-in Continuer of step 2 (01 §2, §4): the budget lookup, then the simulation saved in the
// local store (local first, replicated by the sync engine). The store refuses a 4th company and a
// 4th budget change with typed codes, mapped to the documents' messages by the page.
import { LocalStoreError, saveSimulation } from '@/db';
import { buildSimulationFields } from '@/domain/onboarding-rules';
import type { CompanySuggestion } from '@/domain/registry';
import { budgetForChoice, type ChoiceBudget } from './budget-for-choice';

export type SaveCompanyResult =
  | { ok: true; created: boolean; siret: string; budget: ChoiceBudget }
  | { ok: false; code: 'company_limit' | 'update_limit' | 'quota' | 'error' };

export async function saveCompanyChoice(
  userId: string,
  company: CompanySuggestion,
  choice: { idcc: string; range: { min: number; max: number } },
): Promise<SaveCompanyResult> {
  try {
    const budget = await budgetForChoice(choice.idcc, choice.range, { signedIn: true });
    const { created } = await saveSimulation(
      userId,
      buildSimulationFields(company, choice, budget.fields),
    );
    return { ok: true, created, siret: company.siret, budget };
  } catch (error) {
    if (error instanceof LocalStoreError) {
      if (
        error.code === 'company_limit' ||
        error.code === 'update_limit' ||
        error.code === 'quota'
      ) {
        return { ok: false, code: error.code };
      }
    }
    console.error('Simulation save failed', error);
    return { ok: false, code: 'error' };
  }
}
