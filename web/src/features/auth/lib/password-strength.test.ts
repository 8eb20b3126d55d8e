import { passwordScore, passwordStrength, strengthHints } from './password-strength';

describe('passwordScore', () => {
  it('gives one point each for length 8+, mixed case, a digit and a symbol', () => {
    expect(passwordScore('abcdef')).toBe(0);
    expect(passwordScore('abcdefgh')).toBe(1);
    expect(passwordScore('abcDef')).toBe(1);
    expect(passwordScore('abcde1')).toBe(1);
    expect(passwordScore('abcde!')).toBe(1);
    expect(passwordScore('Abcdefg1!')).toBe(4);
  });
});

describe('passwordStrength', () => {
  it('is weak under 6 characters whatever the content', () => {
    expect(passwordStrength('Ab1!')).toBe('weak');
    expect(passwordStrength('Ab1!x')).toBe('weak');
  });

  it('is weak under 2 points', () => {
    expect(passwordStrength('abcdef')).toBe('weak');
    expect(passwordStrength('abcdefgh')).toBe('weak');
  });

  it('is medium at exactly 2 points', () => {
    expect(passwordStrength('abcdefg1')).toBe('medium');
    expect(passwordStrength('Abcdef')).toBe('weak');
    expect(passwordStrength('Abcde1')).toBe('medium');
  });

  it('is strong at 3 points or more', () => {
    expect(passwordStrength('Abcdefg1')).toBe('strong');
    expect(passwordStrength('Abcdefg1!')).toBe('strong');
    expect(passwordStrength('abcde1!x')).toBe('strong');
  });

  it('has the hint texts', () => {
    expect(strengthHints.weak).toBe('Weak password - add uppercase, numbers, and symbols');
    expect(strengthHints.medium).toBe('Medium strength - consider adding more complexity');
    expect(strengthHints.strong).toBe('Strong password');
  });
});
