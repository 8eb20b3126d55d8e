import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { cn } from './cn';

const control =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/40 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-600 dark:bg-navy-800 dark:text-slate-100';

/** A read-only value reads as data (no box, no greyed text) while staying focusable, selectable and labelled. */
const readOnlyControl =
  'block w-full rounded-md border border-transparent bg-transparent px-0 py-2 text-sm font-semibold text-slate-900 focus:outline-none focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-white';

type FieldProps = { id: string; label: string; error?: string; hint?: ReactNode; children: ReactNode };

export function Field({ id, label, error, hint, children }: FieldProps) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {children}
      {hint}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string | undefined, invalid: boolean): string | undefined {
  return invalid && id ? `${id}-error` : undefined;
}

type WithInvalid = { invalid?: boolean };

export function Input({ className, invalid = false, ...props }: InputHTMLAttributes<HTMLInputElement> & WithInvalid) {
  return (
    <input
      className={cn(props.readOnly ? readOnlyControl : control, invalid && 'border-red-500', className)}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy(props.id, invalid)}
      {...props}
    />
  );
}

export function Textarea({
  className,
  invalid = false,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & WithInvalid) {
  return (
    <textarea
      className={cn(props.readOnly ? cn(readOnlyControl, 'resize-none') : control, invalid && 'border-red-500', className)}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy(props.id, invalid)}
      {...props}
    />
  );
}

export function Select({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={cn(control, className)} {...props} />;
}
