import { fireEvent, render, screen, within } from '@testing-library/react';
import { BudgetCalculator } from './budget-calculator';

describe('BudgetCalculator', () => {
  it('shows the 285% ROI placeholder until the first calculation', () => {
    render(<BudgetCalculator />);
    expect(screen.getByTestId('summary-roi-estimate')).toHaveTextContent('285%');
    expect(screen.getByTestId('summary-total-budget')).toHaveTextContent('$0');
  });

  it('calculates the summary cards from the inputs', () => {
    render(<BudgetCalculator />);
    fireEvent.change(screen.getByLabelText('Industry'), { target: { value: 'finance' } });
    fireEvent.change(screen.getByLabelText('Current Annual Security Budget (USD)'), { target: { value: '500000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Calculate Budget' }));
    expect(screen.getByTestId('summary-total-budget')).toHaveTextContent('$1,650,000');
    expect(screen.getByTestId('summary-risk-level')).toHaveTextContent('High');
    expect(screen.getByTestId('summary-roi-estimate')).toHaveTextContent('500%');
  });

  it('has the six tabs and fills the budget plan', () => {
    render(<BudgetCalculator />);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Executive Summary',
      'Budget Planning',
      'Vendor Comparison',
      'Risk Assessment',
      'Security Metrics',
      'Cost-Benefit Analysis',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Calculate Budget' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Budget Planning' }));
    const row = screen.getByRole('row', { name: /Network Security/ });
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '25%',
      '$275,000',
      '$0',
      '$275,000',
    ]);
  });
});
