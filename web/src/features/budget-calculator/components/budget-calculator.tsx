import { useState } from 'react';
import { calculateBudget, defaultCompanySize, type BudgetInputs } from '../lib/calculate';
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
  const [calculated, setCalculated] = useState(false);
  // Derived from the inputs on screen, so that figures never belong to inputs the user has since changed.
  const result = calculated ? calculateBudget(inputs) : null;
  return (
    <div className="space-y-8">
      <CalculatorForm inputs={inputs} onChange={setInputs} onCalculate={() => setCalculated(true)} />
      <SummaryCards result={result} />
      <CalculatorTabs result={result} />
    </div>
  );
}
