import { describe, expect, it } from 'vitest';
import { errorMessage, isRawErrorText } from './error-message';

describe('errorMessage', () => {
  it('prefers an error message that reads as a sentence, else the fallback', () => {
    expect(errorMessage(new Error('Invalid login credentials'), 'Login failed. Please try again.')).toBe(
      'Invalid login credentials',
    );
    expect(errorMessage({ message: '  ' }, 'Failed to delete ticket')).toBe('Failed to delete ticket');
    expect(errorMessage(null, 'Failed to update company')).toBe('Failed to update company');
    expect(errorMessage('a string is not an error', 'Login failed. Please try again.')).toBe(
      'Login failed. Please try again.',
    );
  });

  it('says why in words for the codes a person can act on', () => {
    const denied = { code: '42501', message: 'new row violates row-level security policy for table "tickets"' };
    expect(errorMessage(denied, 'Failed to create ticket')).toBe('Your account does not have permission to do this.');
    expect(errorMessage({ code: '23505', message: 'duplicate key value violates unique constraint "x"' })).toBe(
      'An entry with these details already exists.',
    );
    expect(errorMessage({ code: 'PGRST301', message: 'JWT expired' })).toBe(
      'Your session has expired. Please sign in again.',
    );
    expect(errorMessage(new TypeError('Failed to fetch'), 'Failed to delete ticket')).toBe(
      'Could not reach the server. Please check your connection and try again.',
    );
  });

  it('never passes on database or JSON text', () => {
    for (const message of ['{}', '[]', '{"message":"boom"}', 'relation "public.tickets" does not exist',
      'null value in column "title" violates not-null constraint', 'permission denied for table tickets',
      'PGRST116: JSON object requested, multiple (or no) rows returned']) {
      expect(isRawErrorText(message)).toBe(true);
      expect(errorMessage({ message }, 'Signup failed. Please try again.')).toBe('Signup failed. Please try again.');
      expect(errorMessage({ message })).toBeUndefined();
    }
  });

  it('gives nothing without a sentence or a fallback', () => {
    expect(errorMessage({ message: 'Email not confirmed' })).toBe('Email not confirmed');
    expect(errorMessage(undefined)).toBeUndefined();
    expect(errorMessage({ code: 'XX000' })).toBeUndefined();
  });
});
