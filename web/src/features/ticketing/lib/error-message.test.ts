import { errorMessage } from './error-message';

describe('errorMessage', () => {
  it('prefers the error message, else the fallback', () => {
    expect(errorMessage(new Error('permission denied for table tickets'), 'Failed to create ticket')).toBe(
      'permission denied for table tickets',
    );
    expect(errorMessage({ message: '' }, 'Failed to delete ticket')).toBe('Failed to delete ticket');
    expect(errorMessage(null, 'Failed to update company')).toBe('Failed to update company');
  });
});
