import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { z } from 'zod/mini';
import { useAuth, type AuthState } from '@/lib/auth/auth-store';
import { PageSpinner } from '@/components/ui/spinner';
import { decideGuard, type GuardAuth, type GuardKind } from './guard-rules';

const addingStateSchema = z.looseObject({ addingNewCompany: z.literal(true) });

function toGuardAuth(state: AuthState): GuardAuth {
  if (state.status === 'signed-in')
    return { status: 'signed-in', emailConfirmed: state.user.emailConfirmed };
  return { status: state.status };
}

/** Layout route element applying one guard kind to its children. */
export function RouteGuard({ kind }: { kind: GuardKind }) {
  const auth = useAuth();
  const location = useLocation();
  const addingNewCompany = addingStateSchema.safeParse(location.state).success;
  const decision = decideGuard(kind, toGuardAuth(auth), { addingNewCompany });
  if (decision.action === 'wait') return <PageSpinner />;
  if (decision.action === 'redirect') {
    // Keep the query string on the way to step 1 (referral landing: ?ref=...).
    const search = decision.to === '/rechercher-entreprise' ? location.search : '';
    return <Navigate to={`${decision.to}${search}`} replace />;
  }
  return <Outlet />;
}
