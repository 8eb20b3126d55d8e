import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { paths } from '@/config/paths';

export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'An unexpected error occurred while loading this page.';
  return (
    <div role="alert" className="mx-auto max-w-lg px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">{message}</p>
      <Link to={paths.home} className="mt-6 inline-block font-semibold text-brand-700 dark:text-brand-400 underline">
        Return to Home
      </Link>
    </div>
  );
}
