import { cn } from '@/components/ui/cn';

type CheckboxGroupProps = {
  id: string;
  legend: string;
  choices: readonly string[];
  selected: string[];
  onToggle: (choice: string) => void;
  error?: string;
  disabled?: boolean;
  columns?: string;
};

export function CheckboxGroup({ id, legend, choices, selected, onToggle, error, disabled, columns }: CheckboxGroupProps) {
  return (
    <fieldset id={id} aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-200">{legend}</legend>
      <div className={cn('grid gap-2', columns ?? 'sm:grid-cols-3')}>
        {choices.map((choice) => (
          <label
            key={choice}
            className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-navy-800"
          >
            <input
              type="checkbox"
              className="h-4 w-4 accent-brand-600"
              checked={selected.includes(choice)}
              onChange={() => onToggle(choice)}
              disabled={disabled}
            />
            {choice}
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
