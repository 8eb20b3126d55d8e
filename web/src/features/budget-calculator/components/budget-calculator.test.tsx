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

  it('counts invalid budget input as 0 and keeps the figures in step with the inputs on screen', () => {
    render(<BudgetCalculator />);
    const budget = screen.getByLabelText('Current Annual Security Budget (USD)');
    fireEvent.change(budget, { target: { value: '5000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Calculate Budget' }));
    expect(screen.getByTestId('summary-total-budget')).toHaveTextContent('$1,100,000');
    expect(screen.getByTestId('summary-risk-level')).toHaveTextContent('Low');

    fireEvent.change(screen.getByLabelText('Company Size (employees)'), { target: { value: '1000' } });
    fireEvent.change(screen.getByLabelText('Industry'), { target: { value: 'manufacturing' } });
    for (const input of ['1e', '--5', '1.5e', '-5000', '']) {
      fireEvent.change(budget, { target: { value: input } });
      expect(budget).toHaveValue(input);
      expect(screen.getByTestId('summary-total-budget'), input).toHaveTextContent('$1,980,000');
      expect(screen.getByTestId('summary-risk-level'), input).toHaveTextContent('Critical');
    }
  });
});
