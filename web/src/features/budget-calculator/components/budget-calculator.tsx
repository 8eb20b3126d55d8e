import { useState } from 'react';
import { calculateBudget, defaultCompanySize, type BudgetInputs, type BudgetResult } from '../lib/calculate';
import { CalculatorForm } from './calculator-form';
import { CalculatorTabs } from './calculator-tabs';
import { SummaryCards } from './summary-cards';

const initialInputs: BudgetInputs = {
  companySize: defaultCompanySize,
  industry: 'technology',
  currentBudget: '',
  riskTolerance: 'medium',
};

export function BudgetCalculator() {
  const [inputs, setInputs] = useState<BudgetInputs>(initialInputs);
  const [result, setResult] = useState<BudgetResult | null>(null);
  return (
    <div className="space-y-8">
      <CalculatorForm inputs={inputs} onChange={setInputs} onCalculate={() => setResult(calculateBudget(inputs))} />
      <SummaryCards result={result} />
      <CalculatorTabs result={result} />
    </div>
  );
}
