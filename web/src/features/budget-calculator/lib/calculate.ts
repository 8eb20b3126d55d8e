export const basePerEmployeeUsd = 2200;

export const companySizes = [
  { value: 50, label: '1-50' },
  { value: 200, label: '51-200' },
  { value: 500, label: '201-500' },
  { value: 1000, label: '501-1000' },
  { value: 5000, label: '1001-5000' },
  { value: 10000, label: '5000+' },
] as const;

export const defaultCompanySize = 500;

export const industryMultipliers = {
  technology: 1,
  finance: 1.5,
  healthcare: 1.3,
  retail: 0.8,
  manufacturing: 0.9,
  government: 1.2,
} as const;

export type Industry = keyof typeof industryMultipliers;

export const riskToleranceMultipliers = {
  low: 0.7,
  medium: 1,
  high: 1.4,
  critical: 1.8,
} as const;

export type RiskTolerance = keyof typeof riskToleranceMultipliers;

export type RiskLevel = 'Critical' | 'High' | 'Medium' | 'Low';

export const roiBeforeCalculation = 285;
export const roiCapPercent = 500;
const protectedValueFactor = 15;

export const breakdownCategories = [
  { category: 'Network Security', percentage: 25 },
  { category: 'Endpoint Protection', percentage: 20 },
  { category: 'Cloud Security', percentage: 15 },
  { category: 'Identity Management', percentage: 15 },
  { category: 'Security Monitoring', percentage: 12 },
  { category: 'Incident Response', percentage: 8 },
  { category: 'Compliance', percentage: 3 },
  { category: 'Training', percentage: 2 },
] as const;

export type BudgetInputs = {
  companySize: number;
  industry: string;
  currentBudget: string;
  riskTolerance: string;
};

export type BreakdownRow = {
  category: string;
  percentage: number;
  recommended: number;
  current: number;
  gap: number;
};

export type BudgetResult = {
  recommendedBudget: number;
  currentBudget: number;
  riskLevel: RiskLevel;
  roiPercent: number;
  breakdown: BreakdownRow[];
};

// A non-negative decimal amount, optionally with an exponent; anything else (empty, '1e', '--5', '-5000') is invalid.
const budgetAmount = /^\+?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

export function parseBudget(input: string): number {
  const text = input.trim();
  const value = budgetAmount.test(text) ? Number(text) : 0;
  return Number.isFinite(value) ? value : 0;
}

export function industryMultiplier(industry: string): number {
  return industryMultipliers[industry as Industry] ?? 1;
}

export function riskToleranceMultiplier(tolerance: string): number {
  return riskToleranceMultipliers[tolerance as RiskTolerance] ?? 1;
}

export function recommendedBudget(companySize: number, industry: string, riskTolerance: string): number {
  return Math.round(
    companySize * basePerEmployeeUsd * industryMultiplier(industry) * riskToleranceMultiplier(riskTolerance),
  );
}

export function riskLevel(currentBudget: number, recommended: number): RiskLevel {
  const ratio = recommended > 0 ? currentBudget / recommended : 0;
  if (ratio < 0.3) return 'Critical';
  if (ratio < 0.6) return 'High';
  if (ratio < 0.8) return 'Medium';
  return 'Low';
}

// The estimate values protected assets at 15x the recommended budget (1500 %), shown capped at 500 %.
export function roiEstimate(recommended: number): number {
  if (recommended <= 0) return 0;
  const protectedValue = recommended * protectedValueFactor;
  return Math.min(Math.round((protectedValue / recommended) * 100), roiCapPercent);
}

export function budgetBreakdown(recommended: number, currentBudget: number): BreakdownRow[] {
  return breakdownCategories.map(({ category, percentage }) => {
    const recommendedShare = Math.round((recommended * percentage) / 100);
    const currentShare = Math.round((currentBudget * percentage) / 100);
    return {
      category,
      percentage,
      recommended: recommendedShare,
      current: currentShare,
      gap: recommendedShare - currentShare,
    };
  });
}

export function calculateBudget(inputs: BudgetInputs): BudgetResult {
  const current = parseBudget(inputs.currentBudget);
  const recommended = recommendedBudget(inputs.companySize, inputs.industry, inputs.riskTolerance);
  return {
    recommendedBudget: recommended,
    currentBudget: current,
    riskLevel: riskLevel(current, recommended),
    roiPercent: roiEstimate(recommended),
    breakdown: budgetBreakdown(recommended, current),
  };
}

export const fixedFigures = {
  maturityLevel: 'Initial',
  maturityPercent: 0,
  riskScore: 85,
  averageBreachCost: 4_500_000,
  probabilityReductionPercent: 65,
  expectedLossPrevention: 2_925_000,
  paybackYears: 2.1,
} as const;

const investmentGrowth = [0, 5, 10, 15, 20];
const riskReduction = [585_000, 615_000, 650_000, 685_000, 720_000];
const operationalSavings = [125_000, 180_000, 225_000, 280_000, 340_000];
const cumulativeRoi = [15, 45, 85, 135, 195];

export type ProjectionRow = {
  year: number;
  investment: number;
  riskReduction: number;
  savings: number;
  cumulativeRoiPercent: number;
};

export function fiveYearProjection(yearOneInvestment: number): ProjectionRow[] {
  return investmentGrowth.map((growth, index) => ({
    year: index + 1,
    investment: Math.round((yearOneInvestment * (100 + growth)) / 100),
    riskReduction: riskReduction[index],
    savings: operationalSavings[index],
    cumulativeRoiPercent: cumulativeRoi[index],
  }));
}

export type BarColour = 'green' | 'yellow' | 'red';

export function riskScoreColour(score: number): BarColour {
  if (score >= 70) return 'green';
  if (score >= 50) return 'yellow';
  return 'red';
}

export function postureColour(current: number, target: number): BarColour {
  if (current >= target) return 'green';
  if (current >= target * 0.8) return 'yellow';
  return 'red';
}

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

export function formatUsd(value: number): string {
  return usd.format(value);
}
