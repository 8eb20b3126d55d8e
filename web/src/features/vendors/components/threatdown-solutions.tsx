import { useState } from 'react';
import { cn } from '@/components/ui/cn';

const solutions = [
  {
    id: 'ep',
    name: 'Endpoint Protection',
    description:
      'Multi-layered prevention that stops malware, ransomware and zero-day exploits with a 99.9% detection rate, managed from a single cloud console.',
    points: ['Signature-less anomaly detection', 'Web and application protection', 'Exploit and ransomware mitigation'],
  },
  {
    id: 'edr',
    name: 'Endpoint Detection & Response',
    description:
      'Continuous visibility into endpoint activity with guided investigation, isolation and unique 72-hour ransomware rollback.',
    points: ['Suspicious activity monitoring', 'Network, process and desktop isolation', 'Ransomware rollback'],
  },
  {
    id: 'mdr',
    name: 'Managed Detection & Response',
    description:
      'ThreatDown analysts monitor, investigate and remediate threats 24/7 on your behalf, ideal for teams without a full SOC.',
    points: ['24/7 expert monitoring', 'Threat hunting', 'Guided remediation'],
  },
  {
    id: 'vm',
    name: 'Vulnerability & Patch Management',
    description:
      'Find and fix operating-system and third-party application vulnerabilities from the same lightweight agent.',
    points: ['Continuous vulnerability scanning', 'Automated patch deployment', 'Risk-based prioritisation'],
  },
];

export function ThreatdownSolutions() {
  const [activeId, setActiveId] = useState(solutions[0].id);
  const active = solutions.find((solution) => solution.id === activeId) ?? solutions[0];
  return (
    <div className="grid gap-6 md:grid-cols-[1fr_2fr]">
      <ul className="space-y-2" aria-label="ThreatDown solutions">
        {solutions.map((solution) => (
          <li key={solution.id}>
            <button
              type="button"
              aria-pressed={solution.id === active.id}
              onMouseEnter={() => setActiveId(solution.id)}
              onFocus={() => setActiveId(solution.id)}
              onClick={() => setActiveId(solution.id)}
              className={cn(
                'w-full rounded-lg border px-4 py-3 text-left font-semibold transition-colors',
                solution.id === active.id
                  ? 'border-brand-500 bg-brand-50 text-brand-800 dark:bg-brand-900/40 dark:text-brand-200'
                  : 'border-slate-200 hover:border-brand-300 dark:border-slate-700',
              )}
            >
              {solution.name}
            </button>
          </li>
        ))}
      </ul>
      <div
        aria-live="polite"
        className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-navy-900"
      >
        <h3 className="text-xl font-bold">{active.name}</h3>
        <p className="mt-3 text-slate-600 dark:text-slate-300">{active.description}</p>
        <ul className="mt-4 list-disc space-y-1 pl-5 text-sm">
          {active.points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
