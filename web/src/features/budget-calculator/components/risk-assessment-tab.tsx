import { Card } from '@/components/ui/card';
import { fixedFigures, riskScoreColour } from '../lib/calculate';
import { riskScores, threatLandscape } from '../lib/static-data';
import { Bar } from './bar';

export function RiskAssessment() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <h3 className="font-bold">Risk scores by domain</h3>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Overall risk score: <strong>{fixedFigures.riskScore}/100</strong>
        </p>
        <div className="mt-4 space-y-4">
          {riskScores.map((item) => (
            <Bar key={item.name} label={item.name} value={item.score} colour={riskScoreColour(item.score)} caption={`${item.score}/100`} />
          ))}
        </div>
      </Card>
      <Card>
        <h3 className="font-bold">Threat landscape</h3>
        <ul className="mt-4 divide-y divide-slate-200 text-sm dark:divide-slate-800">
          {threatLandscape.map((threat) => (
            <li key={threat.name} className="flex flex-wrap justify-between gap-2 py-3">
              <span className="font-medium">{threat.name}</span>
              <span className="text-slate-600 dark:text-slate-300">
                Likelihood {threat.likelihood} · Impact {threat.impact}
              </span>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
