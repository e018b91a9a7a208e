// A sync_push mutation inserting one training request: what the tests and benches of the push path
// send (the shape of sync/types.ts Mutation, as the engine builds it).
import { randomUUID } from 'node:crypto';

export function trainingInsertMutation(
  companyId: string,
  fields: Record<string, unknown> = {},
  rowId: string = randomUUID(),
) {
  return {
    id: randomUUID(),
    table: 'training_requests',
    op: 'insert',
    row_id: rowId,
    base_version: 0,
    fields: {
      id: rowId,
      company_id: companyId,
      topic: 'Formation',
      business_impact: 'medium',
      format: 'remote',
      duration: 7,
      cost: 1000,
      funding_type: 'OPCO',
      coverage_rate: 100,
      remaining_cost: 0,
      status: 'to_organize',
      ...fields,
    },
  };
}
