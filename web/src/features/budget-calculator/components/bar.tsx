import type { BarColour } from '../lib/calculate';

const barClasses: Record<BarColour, string> = {
  green: 'bg-green-500',
  yellow: 'bg-yellow-500',
  red: 'bg-red-500',
};

type BarProps = { label: string; value: number; max?: number; colour: BarColour; caption: string };

export function Bar({ label, value, max = 100, colour, caption }: BarProps) {
  return (
    <div data-colour={colour}>
      <div className="flex justify-between text-sm">
        <span>{label}</span>
        <span className="font-semibold">{caption}</span>
      </div>
      <div
        className="mt-1 h-2.5 rounded-full bg-slate-200 dark:bg-slate-700"
        role="meter"
        aria-label={label}
        aria-valuenow={value}
        aria-valuemin={0}
        aria-valuemax={max}
      >
        <div className={`h-2.5 rounded-full ${barClasses[colour]}`} style={{ width: `${Math.min(100, (value / max) * 100)}%` }} />
      </div>
    </div>
  );
}
