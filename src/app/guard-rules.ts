// Route guards of 02 §2.1 as one pure decision function: given the kind of route and the auth
// state, render, wait, or redirect. Tested directly (tests/components/guards.test.tsx).
export type GuardKind =
  /** / : dispatch by auth state */
  | 'root'
  /** /rechercher-entreprise: signed-in users go to /dashboard unless adding a company */
  | 'company-search'
  /** /creer-compte: signed-in users go to /dashboard */
  | 'anonymous-only'
  /** /login: signed in → /dashboard (confirmed) or /verify-email (unconfirmed) */
  | 'login'
  /** /verify-email: confirmed → /dashboard */
  | 'verify-email'
  /** /dashboard, /dashboard/companies, /requests: sign-in and confirmed e-mail */
  | 'confirmed'
  /** other signed-in pages: sign-in only */
  | 'signed-in'
  /** public pages */
  | 'public';

export type GuardAuth =
  | { status: 'loading' }
  | { status: 'anonymous' }
  | { status: 'signed-in'; emailConfirmed: boolean };

export type GuardDecision =
  { action: 'render' } | { action: 'wait' } | { action: 'redirect'; to: string };

const render: GuardDecision = { action: 'render' };
const wait: GuardDecision = { action: 'wait' };
const to = (path: string): GuardDecision => ({ action: 'redirect', to: path });

export function decideGuard(
  kind: GuardKind,
  auth: GuardAuth,
  context: { addingNewCompany?: boolean } = {},
): GuardDecision {
  if (kind === 'public') return render;
  if (auth.status === 'loading') return wait;
  const signedIn = auth.status === 'signed-in';
  const confirmed = signedIn && auth.emailConfirmed;
  switch (kind) {
    case 'root':
      if (!signedIn) return to('/rechercher-entreprise');
      return to(confirmed ? '/dashboard' : '/verify-email');
    case 'company-search':
      return signedIn && !context.addingNewCompany ? to('/dashboard') : render;
    case 'anonymous-only':
      return signedIn ? to('/dashboard') : render;
    case 'login':
      if (!signedIn) return render;
      return to(confirmed ? '/dashboard' : '/verify-email');
    case 'verify-email':
      return confirmed ? to('/dashboard') : render;
    case 'confirmed':
      if (!signedIn) return to('/login');
      return confirmed ? render : to('/verify-email');
    case 'signed-in':
      return signedIn ? render : to('/login');
  }
}
