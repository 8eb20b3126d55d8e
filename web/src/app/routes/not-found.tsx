import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';

export function NotFoundRoute() {
  const location = useLocation();

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);

  return (
    <section className="flex min-h-[60vh] items-center justify-center px-4 py-20 text-center">
      <div>
        <h1 className="text-6xl font-bold text-brand-700 dark:text-brand-400">404</h1>
        <p className="mt-4 text-xl text-slate-600 dark:text-slate-300">Oops! Page not found</p>
        <Link to={paths.home} className="mt-6 inline-block font-semibold text-brand-700 dark:text-brand-400 underline hover:text-brand-800">
          Return to Home
        </Link>
      </div>
    </section>
  );
}
