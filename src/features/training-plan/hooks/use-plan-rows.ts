// The owner's training requests joined to their employee, read from IndexedDB (live).
import { useMemo } from 'react';
import { useTrainingEmployees, useTrainingRequests, type TrainingRequestRow } from '@/db';
import { joinPlanRows, type PlanRow } from '@/domain/training-plan-rules';

export type PlanRequestRow = PlanRow<TrainingRequestRow>;

/** undefined while the local store loads. */
export function usePlanRows(ownerId: string | null | undefined): PlanRequestRow[] | undefined {
  const requests = useTrainingRequests(ownerId);
  const employees = useTrainingEmployees(ownerId);
  return useMemo(
    () => (requests && employees ? joinPlanRows(requests, employees) : undefined),
    [requests, employees],
  );
}
