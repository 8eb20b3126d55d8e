import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { MainLayout } from '@/components/layouts/main-layout';
import { Spinner } from '@/components/ui/spinner';
import { RouteError } from './route-error';

function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): RouteObject['element'] {
  const Component = lazy<ComponentType>(() => load().then((module) => ({ default: module[name] })));
  return (
    <Suspense fallback={<Spinner label="Loading..." />}>
      <Component />
    </Suspense>
  );
}

export const routes: RouteObject[] = [
  {
    element: <MainLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: page(() => import('./routes/home'), 'HomeRoute') },
      { path: paths.about, element: page(() => import('./routes/about'), 'AboutRoute') },
      { path: paths.services, element: page(() => import('./routes/services'), 'ServicesRoute') },
      { path: paths.vendors, element: page(() => import('./routes/vendors'), 'VendorsRoute') },
      { path: paths.vendorThreatdown, element: page(() => import('./routes/vendor-threatdown'), 'VendorThreatdownRoute') },
      { path: paths.vendorCrowdsec, element: page(() => import('./routes/vendor-crowdsec'), 'VendorCrowdsecRoute') },
      { path: paths.vendorWazuh, element: page(() => import('./routes/vendor-wazuh'), 'VendorWazuhRoute') },
      { path: paths.vendorSixclicks, element: page(() => import('./routes/vendor-sixclicks'), 'VendorSixclicksRoute') },
      { path: paths.article, element: page(() => import('./routes/article'), 'ArticleRoute') },
      { path: paths.contact, element: page(() => import('./routes/contact'), 'ContactRoute') },
      { path: paths.resources, element: page(() => import('./routes/resources'), 'ResourcesRoute') },
      { path: paths.budgetCalculator, element: page(() => import('./routes/budget-calculator'), 'BudgetCalculatorRoute') },
      { path: paths.testPartner, element: page(() => import('./routes/test-partner'), 'TestPartnerRoute') },
      {
        element: page(() => import('./routes/auth-boundary'), 'AuthBoundary'),
        children: [
          { path: paths.login, element: page(() => import('./routes/login'), 'LoginRoute') },
          { path: paths.crowdsecEvent, element: page(() => import('./routes/crowdsec-event'), 'CrowdsecEventRoute') },
          {
            path: paths.partnerRegistration,
            element: page(() => import('./routes/partner-registration'), 'PartnerRegistrationRoute'),
          },
          { path: paths.partnerPortal, element: page(() => import('./routes/partner-portal'), 'PartnerPortalRoute') },
          { path: paths.partnerProfile, element: page(() => import('./routes/partner-profile'), 'PartnerProfileRoute') },
          { path: paths.partnerAdmin, element: page(() => import('./routes/partner-admin'), 'PartnerAdminRoute') },
          {
            path: paths.eventRegistrations,
            element: page(() => import('./routes/event-registrations'), 'EventRegistrationsRoute'),
          },
          { path: paths.dashboard, element: page(() => import('./routes/dashboard'), 'DashboardRoute') },
        ],
      },
      { path: '*', element: page(() => import('./routes/not-found'), 'NotFoundRoute') },
    ],
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
