import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
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

const routes: RouteObject[] = [
  {
    element: <MainLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: page(() => import('./routes/home'), 'HomeRoute') },
      { path: 'about', element: page(() => import('./routes/about'), 'AboutRoute') },
      { path: 'services', element: page(() => import('./routes/services'), 'ServicesRoute') },
      { path: 'vendors', element: page(() => import('./routes/vendors'), 'VendorsRoute') },
      { path: 'vendors/threatdown', element: page(() => import('./routes/vendor-threatdown'), 'VendorThreatdownRoute') },
      { path: 'vendors/crowdsec', element: page(() => import('./routes/vendor-crowdsec'), 'VendorCrowdsecRoute') },
      { path: 'vendors/wazuh', element: page(() => import('./routes/vendor-wazuh'), 'VendorWazuhRoute') },
      { path: 'vendors/sixclicks', element: page(() => import('./routes/vendor-sixclicks'), 'VendorSixclicksRoute') },
      { path: 'articles/:slug', element: page(() => import('./routes/article'), 'ArticleRoute') },
      { path: 'contact', element: page(() => import('./routes/contact'), 'ContactRoute') },
      { path: 'resources', element: page(() => import('./routes/resources'), 'ResourcesRoute') },
      { path: 'budget-calculator', element: page(() => import('./routes/budget-calculator'), 'BudgetCalculatorRoute') },
      { path: 'test-partner', element: page(() => import('./routes/test-partner'), 'TestPartnerRoute') },
      {
        element: page(() => import('./routes/auth-boundary'), 'AuthBoundary'),
        children: [
          { path: 'login', element: page(() => import('./routes/login'), 'LoginRoute') },
          { path: 'crowdsec-event', element: page(() => import('./routes/crowdsec-event'), 'CrowdsecEventRoute') },
          {
            path: 'partner-registration',
            element: page(() => import('./routes/partner-registration'), 'PartnerRegistrationRoute'),
          },
          { path: 'partner-portal', element: page(() => import('./routes/partner-portal'), 'PartnerPortalRoute') },
          { path: 'partner-profile', element: page(() => import('./routes/partner-profile'), 'PartnerProfileRoute') },
          { path: 'partner-admin', element: page(() => import('./routes/partner-admin'), 'PartnerAdminRoute') },
          {
            path: 'event-registrations',
            element: page(() => import('./routes/event-registrations'), 'EventRegistrationsRoute'),
          },
          { path: 'dashboard', element: page(() => import('./routes/dashboard'), 'DashboardRoute') },
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
