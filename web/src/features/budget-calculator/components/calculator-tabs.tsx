import { useState } from 'react';
import { Tabs } from '@/components/ui/tabs';
import type { BudgetResult } from '../lib/calculate';
import { BudgetPlanning } from './budget-planning-tab';
import { CostBenefit } from './cost-benefit-tab';
import { ExecutiveSummary } from './executive-summary-tab';
import { RiskAssessment } from './risk-assessment-tab';
import { SecurityMetrics } from './security-metrics-tab';
import { VendorComparison } from './vendor-comparison-tab';

export function CalculatorTabs({ result }: { result: BudgetResult | null }) {
  const [tab, setTab] = useState('summary');
  return (
    <Tabs
      label="Budget analysis"
      value={tab}
      onChange={setTab}
      items={[
        { id: 'summary', label: 'Executive Summary', content: <ExecutiveSummary result={result} /> },
        { id: 'planning', label: 'Budget Planning', content: <BudgetPlanning result={result} /> },
        { id: 'vendors', label: 'Vendor Comparison', content: <VendorComparison /> },
        { id: 'risk', label: 'Risk Assessment', content: <RiskAssessment /> },
        { id: 'metrics', label: 'Security Metrics', content: <SecurityMetrics /> },
        { id: 'cost-benefit', label: 'Cost-Benefit Analysis', content: <CostBenefit result={result} /> },
      ]}
    />
  );
}
