import { errorMessage } from './error-message';

describe('errorMessage', () => {
  it('prefers the error message, else the fallback', () => {
    expect(errorMessage(new Error('permission denied for table tickets'), 'Failed to create ticket')).toBe(
      'permission denied for table tickets',
    );
    expect(errorMessage({ message: '  ' }, 'Failed to delete ticket')).toBe('Failed to delete ticket');
    expect(errorMessage(null, 'Failed to update company')).toBe('Failed to update company');
    expect(errorMessage('a string is not an error', 'Login failed. Please try again.')).toBe(
      'Login failed. Please try again.',
    );
  });

  it('gives nothing without a message or a fallback', () => {
    expect(errorMessage({ message: 'row not found' })).toBe('row not found');
    expect(errorMessage(undefined)).toBeUndefined();
    expect(errorMessage({ code: '42501' })).toBeUndefined();
  });
});
