import { ShieldAlert } from 'lucide-react';
import { Card } from './card';
import { ButtonLink } from './button';

type AccessDeniedProps = {
  message?: string;
  requiredRole?: string;
  currentRole?: string;
};

export function AccessDenied({
  message = "You don't have permission to access this page.",
  requiredRole,
  currentRole,
}: AccessDeniedProps) {
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-lg items-center px-4 py-16">
      <Card className="w-full text-center">
        <ShieldAlert aria-hidden="true" className="mx-auto mb-4 h-12 w-12 text-red-500" />
        <h1 className="mb-2 text-2xl font-bold">Access Denied</h1>
        <p className="text-slate-600 dark:text-slate-300">{message}</p>
        {requiredRole && (
          <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">Required role: {requiredRole}</p>
        )}
        {currentRole && <p className="text-sm text-slate-500 dark:text-slate-400">Your role: {currentRole}</p>}
        <ButtonLink to="/" variant="outline" className="mt-6">
          Return to Home
        </ButtonLink>
      </Card>
    </div>
  );
}
