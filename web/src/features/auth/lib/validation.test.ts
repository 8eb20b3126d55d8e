import { validateLogin, validateSignUp } from './validation';

describe('validateLogin', () => {
  it('accepts a valid email and a 6 character password', () => {
    expect(validateLogin({ email: 'ops@example.ae', password: 'secret' })).toEqual({});
  });

  it('requires the email and the password', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(validateLogin({ email: '   ', password: 'secret' }).email).toBe('Email is required');
  });

  it('checks the email format', () => {
    expect(validateLogin({ email: 'not-an-email', password: 'secret' })).toEqual({
      email: 'Please enter a valid email address',
    });
    expect(validateLogin({ email: 'a@b', password: 'secret' }).email).toBe('Please enter a valid email address');
  });

  it('requires at least 6 password characters', () => {
    expect(validateLogin({ email: 'ops@example.ae', password: '12345' })).toEqual({
      password: 'Password must be at least 6 characters',
    });
  });
});

describe('validateSignUp', () => {
  const valid = { fullName: 'Aisha Rahman', email: 'aisha@example.ae', password: 'Str0ngPass!' };

  it('accepts a valid sign-up', () => {
    expect(validateSignUp(valid)).toEqual({});
  });

  it('requires a full name of at least 2 characters after trimming', () => {
    expect(validateSignUp({ ...valid, fullName: ' A ' }).fullName).toBe('Full name must be at least 2 characters');
    expect(validateSignUp({ ...valid, fullName: 'Al' }).fullName).toBeUndefined();
  });

  it('applies the login email and password rules', () => {
    expect(validateSignUp({ ...valid, email: '' }).email).toBe('Email is required');
    expect(validateSignUp({ ...valid, password: 'Ab1!' }).password).toBe('Password must be at least 6 characters');
  });

  it('rejects a weak password', () => {
    expect(validateSignUp({ ...valid, password: 'abcdefgh' }).password).toBe('Please choose a stronger password');
    expect(validateSignUp({ ...valid, password: 'abcdefg1' }).password).toBeUndefined();
  });
});
