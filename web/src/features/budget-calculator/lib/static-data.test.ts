import { complianceStatuses, trainingStats, vendorOptions } from './static-data';

describe('calculator static data', () => {
  it('lists six vendors costing 8,000 to 45,000 a year rated 4.4 to 4.8', () => {
    expect(vendorOptions).toHaveLength(6);
    const costs = vendorOptions.map((vendor) => vendor.annualCost);
    const ratings = vendorOptions.map((vendor) => vendor.rating);
    expect(Math.min(...costs)).toBe(8_000);
    expect(Math.max(...costs)).toBe(45_000);
    expect(Math.min(...ratings)).toBe(4.4);
    expect(Math.max(...ratings)).toBe(4.8);
  });

  it('uses the three compliance statuses and the training figures', () => {
    expect(new Set(complianceStatuses.map((item) => item.status))).toEqual(
      new Set(['Compliant', 'In Progress', 'Non-Compliant']),
    );
    expect(trainingStats.map((stat) => stat.value)).toEqual(['94%', '73%', '8.4/10']);
  });
});
