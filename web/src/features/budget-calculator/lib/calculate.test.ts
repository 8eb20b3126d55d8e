import {
  budgetBreakdown,
  calculateBudget,
  companySizes,
  fiveYearProjection,
  fixedFigures,
  formatUsd,
  industryMultiplier,
  parseBudget,
  postureColour,
  recommendedBudget,
  riskLevel,
  riskScoreColour,
  riskToleranceMultiplier,
  roiBeforeCalculation,
  roiEstimate,
} from './calculate';

describe('inputs', () => {
  it('has the six employee buckets with their labels', () => {
    expect(companySizes.map((size) => [size.value, size.label])).toEqual([
      [50, '1-50'],
      [200, '51-200'],
      [500, '201-500'],
      [1000, '501-1000'],
      [5000, '1001-5000'],
      [10000, '5000+'],
    ]);
  });

  it('treats an empty or invalid budget as 0', () => {
    expect(parseBudget('')).toBe(0);
    expect(parseBudget('   ')).toBe(0);
    expect(parseBudget('abc')).toBe(0);
    expect(parseBudget('250000')).toBe(250000);
    expect(parseBudget('1234.5')).toBe(1234.5);
    expect(parseBudget(' 1e5 ')).toBe(100000);
  });

  it('counts invalid budget input as 0', () => {
    for (const input of ['1e', '--5', '1.5e', '-5000', '1,000', '0x10', 'Infinity', '1e999', '.', '5 000']) {
      expect(parseBudget(input), input).toBe(0);
    }
  });

  it('uses the industry multipliers, 1 for an unknown industry', () => {
    expect(industryMultiplier('technology')).toBe(1);
    expect(industryMultiplier('finance')).toBe(1.5);
    expect(industryMultiplier('healthcare')).toBe(1.3);
    expect(industryMultiplier('retail')).toBe(0.8);
    expect(industryMultiplier('manufacturing')).toBe(0.9);
    expect(industryMultiplier('government')).toBe(1.2);
    expect(industryMultiplier('')).toBe(1);
  });

  it('uses the risk tolerance multipliers', () => {
    expect(riskToleranceMultiplier('low')).toBe(0.7);
    expect(riskToleranceMultiplier('medium')).toBe(1);
    expect(riskToleranceMultiplier('high')).toBe(1.4);
    expect(riskToleranceMultiplier('critical')).toBe(1.8);
  });
});

describe('recommended budget', () => {
  it('is bucket x 2200 x industry x tolerance', () => {
    expect(recommendedBudget(500, 'technology', 'medium')).toBe(1_100_000);
    expect(recommendedBudget(200, 'finance', 'high')).toBe(924_000);
    expect(recommendedBudget(10000, 'government', 'critical')).toBe(47_520_000);
    expect(recommendedBudget(50, 'retail', 'low')).toBe(61_600);
  });

  it('is rounded to whole dollars', () => {
    // 1000 x 2200 x 1.3 x 1.4 is 4003999.9999999995 in floating point
    expect(recommendedBudget(1000, 'healthcare', 'high')).toBe(4_004_000);
    expect(Number.isInteger(recommendedBudget(200, 'healthcare', 'low'))).toBe(true);
  });
});

describe('risk level', () => {
  it('uses the thresholds 0.3, 0.6 and 0.8 of the recommended budget', () => {
    expect(riskLevel(0, 100)).toBe('Critical');
    expect(riskLevel(29.99, 100)).toBe('Critical');
    expect(riskLevel(30, 100)).toBe('High');
    expect(riskLevel(59.99, 100)).toBe('High');
    expect(riskLevel(60, 100)).toBe('Medium');
    expect(riskLevel(79.99, 100)).toBe('Medium');
    expect(riskLevel(80, 100)).toBe('Low');
    expect(riskLevel(250, 100)).toBe('Low');
  });
});

describe('ROI estimate', () => {
  it('is 1500 % capped at 500 %', () => {
    expect(roiEstimate(1_100_000)).toBe(500);
    expect(roiEstimate(61_600)).toBe(500);
  });

  it('shows 285 before calculation', () => {
    expect(roiBeforeCalculation).toBe(285);
  });
});

describe('breakdown', () => {
  it('splits the budgets by the eight category percentages and reports the gap', () => {
    const rows = budgetBreakdown(1_100_000, 400_000);
    expect(rows.map((row) => [row.category, row.percentage])).toEqual([
      ['Network Security', 25],
      ['Endpoint Protection', 20],
      ['Cloud Security', 15],
      ['Identity Management', 15],
      ['Security Monitoring', 12],
      ['Incident Response', 8],
      ['Compliance', 3],
      ['Training', 2],
    ]);
    expect(rows[0]).toEqual({
      category: 'Network Security',
      percentage: 25,
      recommended: 275_000,
      current: 100_000,
      gap: 175_000,
    });
    expect(rows[7]).toEqual({ category: 'Training', percentage: 2, recommended: 22_000, current: 8_000, gap: 14_000 });
    expect(rows.reduce((sum, row) => sum + row.percentage, 0)).toBe(100);
  });

  it('shows a negative gap when the current budget exceeds the recommendation', () => {
    const [network] = budgetBreakdown(100_000, 200_000);
    expect(network.gap).toBe(-25_000);
  });
});

describe('calculateBudget', () => {
  it('combines the inputs into the summary figures', () => {
    const result = calculateBudget({
      companySize: 500,
      industry: 'finance',
      currentBudget: '500000',
      riskTolerance: 'medium',
    });
    expect(result.recommendedBudget).toBe(1_650_000);
    expect(result.currentBudget).toBe(500_000);
    expect(result.riskLevel).toBe('High');
    expect(result.roiPercent).toBe(500);
    expect(result.breakdown[1].gap).toBe(330_000 - 100_000);
  });

  it('rates an empty budget as Critical', () => {
    expect(
      calculateBudget({ companySize: 50, industry: 'technology', currentBudget: '', riskTolerance: 'low' }).riskLevel,
    ).toBe('Critical');
  });
});

describe('fixed figures', () => {
  it('matches the specification', () => {
    expect(fixedFigures).toEqual({
      maturityLevel: 'Initial',
      maturityPercent: 0,
      riskScore: 85,
      averageBreachCost: 4_500_000,
      probabilityReductionPercent: 65,
      expectedLossPrevention: 2_925_000,
      paybackYears: 2.1,
    });
  });
});

describe('five-year projection', () => {
  it('grows the investment 0, 5, 10, 15 and 20 % over year 1 with the fixed series', () => {
    expect(fiveYearProjection(1_000_000)).toEqual([
      { year: 1, investment: 1_000_000, riskReduction: 585_000, savings: 125_000, cumulativeRoiPercent: 15 },
      { year: 2, investment: 1_050_000, riskReduction: 615_000, savings: 180_000, cumulativeRoiPercent: 45 },
      { year: 3, investment: 1_100_000, riskReduction: 650_000, savings: 225_000, cumulativeRoiPercent: 85 },
      { year: 4, investment: 1_150_000, riskReduction: 685_000, savings: 280_000, cumulativeRoiPercent: 135 },
      { year: 5, investment: 1_200_000, riskReduction: 720_000, savings: 340_000, cumulativeRoiPercent: 195 },
    ]);
  });

  it('rounds the grown investment to whole dollars', () => {
    expect(fiveYearProjection(61_601)[1].investment).toBe(64_681);
  });
});

describe('colour rules', () => {
  it('colours risk scores green from 70, yellow from 50, else red', () => {
    expect(riskScoreColour(100)).toBe('green');
    expect(riskScoreColour(70)).toBe('green');
    expect(riskScoreColour(69)).toBe('yellow');
    expect(riskScoreColour(50)).toBe('yellow');
    expect(riskScoreColour(49)).toBe('red');
  });

  it('colours posture green at target, yellow from 80 % of target, else red', () => {
    expect(postureColour(90, 90)).toBe('green');
    expect(postureColour(95, 90)).toBe('green');
    expect(postureColour(72, 90)).toBe('yellow');
    expect(postureColour(71.9, 90)).toBe('red');
  });
});

describe('currency', () => {
  it('formats USD without decimals', () => {
    expect(formatUsd(1_650_000)).toBe('$1,650,000');
    expect(formatUsd(1234.56)).toBe('$1,235');
    expect(formatUsd(-25_000)).toBe('-$25,000');
  });
});
