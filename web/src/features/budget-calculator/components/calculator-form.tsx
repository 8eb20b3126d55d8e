import type { FormEvent } from 'react';
import { Calculator } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Field, Input, Select } from '@/components/ui/form-field';
import { Card } from '@/components/ui/card';
import { companySizes, type BudgetInputs } from '../lib/calculate';

const industries = [
  { value: 'technology', label: 'Technology' },
  { value: 'finance', label: 'Finance & Banking' },
  { value: 'healthcare', label: 'Healthcare' },
  { value: 'retail', label: 'Retail & E-commerce' },
  { value: 'manufacturing', label: 'Manufacturing' },
  { value: 'government', label: 'Government' },
];

const tolerances = [
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
  { value: 'critical', label: 'Critical' },
];

type CalculatorFormProps = {
  inputs: BudgetInputs;
  onChange: (inputs: BudgetInputs) => void;
  onCalculate: () => void;
};

export function CalculatorForm({ inputs, onChange, onCalculate }: CalculatorFormProps) {
  function submit(event: FormEvent) {
    event.preventDefault();
    onCalculate();
  }

  return (
    <Card>
      <h2 className="text-lg font-bold">Your organisation</h2>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-5 md:grid-cols-2 lg:grid-cols-4">
        <Field id="calc-size" label="Company Size (employees)">
          <Select
            id="calc-size"
            value={inputs.companySize}
            onChange={(event) => onChange({ ...inputs, companySize: Number(event.target.value) })}
          >
            {companySizes.map((size) => (
              <option key={size.value} value={size.value}>
                {size.label}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="calc-industry" label="Industry">
          <Select
            id="calc-industry"
            value={inputs.industry}
            onChange={(event) => onChange({ ...inputs, industry: event.target.value })}
          >
            {industries.map((industry) => (
              <option key={industry.value} value={industry.value}>
                {industry.label}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="calc-budget" label="Current Annual Security Budget (USD)">
          <Input
            id="calc-budget"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            value={inputs.currentBudget}
            onChange={(event) => onChange({ ...inputs, currentBudget: event.target.value })}
          />
        </Field>
        <Field id="calc-tolerance" label="Risk Tolerance">
          <Select
            id="calc-tolerance"
            value={inputs.riskTolerance}
            onChange={(event) => onChange({ ...inputs, riskTolerance: event.target.value })}
          >
            {tolerances.map((tolerance) => (
              <option key={tolerance.value} value={tolerance.value}>
                {tolerance.label}
              </option>
            ))}
          </Select>
        </Field>
        <div className="md:col-span-2 lg:col-span-4">
          <Button type="submit" size="lg">
            <Calculator aria-hidden="true" className="h-4 w-4" />
            Calculate Budget
          </Button>
        </div>
      </form>
    </Card>
  );
}
