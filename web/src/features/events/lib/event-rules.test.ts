import { AttemptLimiter } from './attempt-limiter';
import { emptyEventValues, eventErrorMessage, toEventInsert, validateEvent } from './event-rules';

describe('event form rules', () => {
  it('requires every field with its message', () => {
    const errors = validateEvent({ ...emptyEventValues, firstName: ' J ', phone: '12-34' });
    expect(errors).toMatchObject({
      firstName: 'First name must be at least 2 characters',
      lastName: 'Last name must be at least 2 characters',
      phone: 'Please enter a valid phone number (at least 10 digits)',
      companyName: 'Company name must be at least 2 characters',
    });
    expect(errors.email).toBeTruthy();
  });

  it('accepts a complete registration', () => {
    expect(
      validateEvent({
        firstName: 'Omar',
        lastName: 'Saleh',
        email: 'omar@example.com',
        phone: '+971 50 123 4567',
        companyName: 'Dune Cyber',
      }),
    ).toEqual({});
  });

  it('trims text, lowercases the email and fixes the event date', () => {
    expect(
      toEventInsert({ firstName: ' Omar ', lastName: 'Saleh', email: ' Omar@Example.COM ', phone: '0501234567 ', companyName: 'X Co' }),
    ).toMatchObject({ first_name: 'Omar', email: 'omar@example.com', phone: '0501234567', event_date: '2025-11-17' });
  });

  it('maps duplicate errors and keeps other server messages', () => {
    expect(eventErrorMessage('duplicate key value violates unique constraint')).toBe(
      'This email has already been registered for this event',
    );
    expect(eventErrorMessage('Please enter a valid email address')).toBe('Please enter a valid email address');
    expect(eventErrorMessage(undefined)).toBe('Failed to submit registration. Please try again.');
  });
});

describe('event attempt limiter', () => {
  it('allows five attempts per minute per email, then says how long to wait, rounded up', () => {
    const limiter = new AttemptLimiter(60_000, 5);
    for (let i = 0; i < 5; i += 1) expect(limiter.attempt('a@x.com', 1_000 + i)).toEqual({ allowed: true });
    expect(limiter.attempt('a@x.com', 30_500)).toEqual({ allowed: false, retryAfterSeconds: 31 });
    expect(limiter.attempt('b@x.com', 30_500)).toEqual({ allowed: true });
    expect(limiter.attempt('a@x.com', 61_001)).toEqual({ allowed: true });
  });

  it('drops entries older than two windows on cleanup', () => {
    const limiter = new AttemptLimiter(60_000, 5);
    limiter.attempt('old@x.com', 0);
    limiter.attempt('new@x.com', 100_000);
    limiter.cleanup(130_000);
    expect(limiter.size()).toBe(1);
  });
});
