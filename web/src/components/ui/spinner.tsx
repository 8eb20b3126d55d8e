export function Spinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-[40vh] flex-col items-center justify-center gap-3 text-slate-600 dark:text-slate-300">
      <span
        aria-hidden="true"
        className="h-10 w-10 animate-spin rounded-full border-4 border-brand-200 border-t-brand-600"
      />
      <span>{label}</span>
    </div>
  );
}
