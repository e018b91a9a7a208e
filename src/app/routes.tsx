// The route table of 02 §2.1: guards, redirects, lazy-loaded screens, French 404.
import type { RouteObject } from 'react-router-dom';
import { routes as titles } from '@/i18n/fr/routes';
import { PageSpinner } from '@/components/ui/spinner';
import { RouteGuard } from './guards';
import { RootLayout } from './layouts/root-layout';
import { SessionLayout } from './layouts/session-layout';
import { NotFoundPage } from './not-found-page';
import { BarePage, RedirectKeepingSearch } from './layouts/route-elements';
import { LEGAL_PATHS } from '@/domain/legal-paths';

const page = (title: string, lazy: RouteObject['lazy']): Pick<RouteObject, 'handle' | 'lazy'> => ({
  handle: { title },
  lazy,
});

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { path: '/', element: <RouteGuard kind="root" /> },
      { path: '/simulation/step1', element: <RedirectKeepingSearch to="/rechercher-entreprise" /> },
      {
        path: '/simulation/step2',
        element: <RedirectKeepingSearch to="/informations-entreprise" />,
      },
      { path: '/simulation/step3', element: <RedirectKeepingSearch to="/creer-compte" /> },
      {
        element: <RouteGuard kind="company-search" />,
        children: [
          {
            // A visitor's step 1; a signed-in user adding a company sees it inside the app shell.
            element: <SessionLayout />,
            children: [
              {
                path: '/rechercher-entreprise',
                ...page(titles.companySearch, async () => {
                  const m = await import('@/features/onboarding/pages/company-search-page');
                  return { Component: m.CompanySearchPage };
                }),
              },
            ],
          },
        ],
      },
      {
        element: <RouteGuard kind="anonymous-only" />,
        children: [
          {
            path: '/creer-compte',
            ...page(titles.createAccount, async () => {
              const m = await import('@/features/onboarding/pages/create-account-page');
              return {
                element: (
                  <BarePage>
                    <m.CreateAccountPage />
                  </BarePage>
                ),
              };
            }),
          },
        ],
      },
      {
        element: <RouteGuard kind="login" />,
        children: [
          {
            path: '/login',
            ...page(titles.login, async () => {
              const m = await import('@/features/auth/pages/login-page');
              return {
                element: (
                  <BarePage>
                    <m.LoginPage />
                  </BarePage>
                ),
              };
            }),
          },
          {
            path: '/mot-de-passe-oublie',
            ...page(titles.forgotPassword, async () => {
              const m = await import('@/features/auth/pages/forgot-password-page');
              return {
                element: (
                  <BarePage>
                    <m.ForgotPasswordPage />
                  </BarePage>
                ),
              };
            }),
          },
        ],
      },
      {
        // The password e-mail's link lands here signed in (recovery); without a session the page
        // says the link is no longer valid.
        path: '/nouveau-mot-de-passe',
        ...page(titles.newPassword, async () => {
          const m = await import('@/features/auth/pages/new-password-page');
          return {
            element: (
              <BarePage>
                <m.NewPasswordPage />
              </BarePage>
            ),
          };
        }),
      },
      {
        // The confirmation and e-mail change links land here (signed in or not).
        path: '/confirmer-email',
        ...page(titles.confirmEmail, async () => {
          const m = await import('@/features/auth/pages/confirm-email-page');
          return {
            element: (
              <BarePage>
                <m.ConfirmEmailPage />
              </BarePage>
            ),
          };
        }),
      },
      {
        element: <RouteGuard kind="verify-email" />,
        children: [
          {
            path: '/verify-email',
            ...page(titles.verifyEmail, async () => {
              const m = await import('@/features/auth/pages/verify-email-page');
              return {
                element: (
                  <BarePage>
                    <m.VerifyEmailPage />
                  </BarePage>
                ),
              };
            }),
          },
        ],
      },
      {
        // Public; inside the app shell when signed in.
        element: <SessionLayout />,
        children: [
          {
            path: '/informations-entreprise',
            ...page(titles.companyDetails, async () => {
              const m = await import('@/features/onboarding/pages/company-details-page');
              return { Component: m.CompanyDetailsPage };
            }),
          },
          {
            // /training is public (the documents' first reading; see README).
            path: '/training',
            ...page(titles.training, async () => {
              const m = await import('@/features/training-explainer/pages/training-explainer-page');
              return { Component: m.TrainingExplainerPage };
            }),
          },
        ],
      },
      {
        path: '/survey/:id?',
        ...page(titles.publicSurvey, async () => {
          const m = await import('@/features/public-survey/pages/public-survey-page');
          return {
            element: (
              <BarePage>
                <m.PublicSurveyPage />
              </BarePage>
            ),
          };
        }),
      },
      {
        element: <RouteGuard kind="signed-in" />,
        children: [
          {
            // The shell (sidebar, sync status, local store) loads with the first signed-in page.
            lazy: async () => {
              const m = await import('./layouts/app-layout');
              return { Component: m.AppLayout };
            },
            children: [
              {
                element: <RouteGuard kind="confirmed" />,
                children: [
                  {
                    path: '/dashboard',
                    ...page(titles.dashboard, async () => {
                      const m = await import('@/features/dashboard/pages/dashboard-page');
                      return { Component: m.DashboardPage };
                    }),
                  },
                  {
                    path: '/dashboard/companies',
                    ...page(titles.companies, async () => {
                      const m = await import('@/features/companies/pages/companies-page');
                      return { Component: m.CompaniesPage };
                    }),
                  },
                  {
                    path: '/requests',
                    ...page(titles.requests, async () => {
                      const m = await import('@/features/unlock-budget/pages/requests-page');
                      return { Component: m.RequestsPage };
                    }),
                  },
                ],
              },
              {
                path: '/unlock-budget',
                ...page(titles.unlockBudget, async () => {
                  const m = await import('@/features/unlock-budget/pages/unlock-budget-page');
                  return { Component: m.UnlockBudgetPage };
                }),
              },
              {
                path: '/meetings',
                ...page(titles.meetings, async () => {
                  const m = await import('@/features/meetings/pages/meetings-page');
                  return { Component: m.MeetingsPage };
                }),
              },
              {
                path: '/experts',
                ...page(titles.experts, async () => {
                  const m = await import('@/features/experts/pages/experts-page');
                  return { Component: m.ExpertsPage };
                }),
              },
              {
                path: '/referral',
                ...page(titles.referral, async () => {
                  const m = await import('@/features/referral/pages/referral-page');
                  return { Component: m.ReferralPage };
                }),
              },
              {
                // Sign-in required: its function needs a user token and 'Démarrer' writes to the plan.
                path: '/training/recommendations',
                ...page(titles.recommendations, async () => {
                  const m = await import('@/features/recommendations/pages/recommendations-page');
                  return { Component: m.RecommendationsPage };
                }),
              },
              {
                path: '/training-plan',
                ...page(titles.trainingPlan, async () => {
                  const m = await import('@/features/training-plan/pages/training-plan-page');
                  return { Component: m.TrainingPlanPage };
                }),
              },
              {
                // (issue 30) « Exporter le récapitulatif »: the printable funding summary.
                path: '/training-plan/recapitulatif',
                ...page(titles.fundingRecap, async () => {
                  const m = await import('@/features/training-plan/pages/funding-recap-page');
                  return { Component: m.FundingRecapPage };
                }),
              },
              {
                path: '/training/new',
                ...page(titles.newTraining, async () => {
                  const m = await import('@/features/training-plan/pages/new-training-page');
                  return { Component: m.NewTrainingPage };
                }),
              },
              {
                path: '/team-survey',
                ...page(titles.teamSurveys, async () => {
                  const m = await import('@/features/team-surveys/pages/team-surveys-page');
                  return { Component: m.TeamSurveysPage };
                }),
              },
              {
                path: '/survey-results/:id',
                ...page(titles.surveyResults, async () => {
                  const m = await import('@/features/team-surveys/pages/survey-results-page');
                  return { Component: m.SurveyResultsPage };
                }),
              },
            ],
          },
        ],
      },
      {
        // Public, inside the app shell when signed in; a visitor's page carries the brand.
        element: <SessionLayout brand />,
        children: [
          {
            path: LEGAL_PATHS.terms,
            ...page(titles.terms, async () => {
              const m = await import('@/features/legal/pages/terms-page');
              return { Component: m.TermsPage };
            }),
          },
          {
            path: LEGAL_PATHS.privacy,
            ...page(titles.privacy, async () => {
              const m = await import('@/features/legal/pages/privacy-page');
              return { Component: m.PrivacyPage };
            }),
          },
          { path: '*', handle: { title: titles.notFound }, element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
