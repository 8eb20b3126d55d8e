import { isDark, parseTheme } from './theme';

describe('theme', () => {
  it('defaults to system for a missing or unknown stored value', () => {
    expect(parseTheme(null)).toBe('system');
    expect(parseTheme('blue')).toBe('system');
    expect(parseTheme('dark')).toBe('dark');
    expect(parseTheme('light')).toBe('light');
  });

  it('follows the operating system only in system mode', () => {
    expect(isDark('system', true)).toBe(true);
    expect(isDark('system', false)).toBe(false);
    expect(isDark('light', true)).toBe(false);
    expect(isDark('dark', false)).toBe(true);
  });
});
