import { PageHeader } from '@/components/layouts/page-header';
import { Section } from '@/components/layouts/section';
import { BudgetCalculator } from '@/features/budget-calculator/components/budget-calculator';

export function BudgetCalculatorRoute() {
  return (
    <>
      <PageHeader eyebrow="Budget calculator" title="Plan your cybersecurity investment">
        Estimate a recommended annual security budget for your organisation, see where the gaps are and compare
        the options. Everything is calculated in your browser; nothing is sent or stored.
      </PageHeader>
      <Section>
        <BudgetCalculator />
      </Section>
    </>
  );
}
