import {
  contactServices,
  cooldownProblem,
  cooldownSecondsLeft,
  sanitizeContact,
  validateContact,
  type ContactForm,
} from './contact-rules';

const form: ContactForm = {
  name: 'Omar Haddad',
  email: 'omar@example.ae',
  company: 'Haddad Logistics',
  phone: '+971 50 123 4567',
  service: 'SOC Monitoring',
  message: 'We would like a quote for 24/7 monitoring.',
};

describe('validateContact', () => {
  it('accepts a complete form', () => {
    expect(validateContact(form)).toBeNull();
  });

  it.each(['name', 'email', 'message'] as const)('requires %s', (field) => {
    expect(validateContact({ ...form, [field]: '  ' })).toEqual({
      title: 'Validation Error',
      description: 'Please fill in all required fields',
    });
  });

  it('does not require company, phone or service', () => {
    expect(validateContact({ ...form, company: '', phone: '', service: '' })).toBeNull();
  });

  it('checks the email format', () => {
    expect(validateContact({ ...form, email: 'omar@example' })).toEqual({
      title: 'Invalid Email',
      description: 'Please enter a valid email address',
    });
  });

  it('refuses a message over 5000 characters', () => {
    expect(validateContact({ ...form, message: 'x'.repeat(5000) })).toBeNull();
    expect(validateContact({ ...form, message: 'x'.repeat(5001) })).toEqual({
      title: 'Message Too Long',
      description: 'Please keep your message under 5000 characters',
    });
  });
});

describe('cooldown', () => {
  it('is free without a previous submission or after 60 seconds', () => {
    expect(cooldownSecondsLeft(null, 1_000_000)).toBe(0);
    expect(cooldownSecondsLeft(1_000_000, 1_060_000)).toBe(0);
  });

  it('counts the seconds left, rounded up', () => {
    expect(cooldownSecondsLeft(1_000_000, 1_000_000)).toBe(60);
    expect(cooldownSecondsLeft(1_000_000, 1_015_500)).toBe(45);
    expect(cooldownSecondsLeft(1_000_000, 1_059_999)).toBe(1);
  });

  it('words the refusal', () => {
    expect(cooldownProblem(42)).toEqual({
      title: 'Please Wait',
      description: 'Please wait 42 seconds before sending another message',
    });
  });
});

describe('sanitizeContact', () => {
  it('trims, lowercases the email and cuts the fields to their limits', () => {
    const result = sanitizeContact({
      name: `  ${'n'.repeat(120)}  `,
      email: '  Omar@Example.AE ',
      company: 'c'.repeat(150),
      phone: ' 0'.repeat(30),
      service: ' Other ',
      message: ` ${'m'.repeat(6000)} `,
    });
    expect(result.name).toHaveLength(100);
    expect(result.email).toBe('omar@example.ae');
    expect(result.company).toHaveLength(100);
    expect(result.phone).toHaveLength(20);
    expect(result.service).toBe('Other');
    expect(result.message).toHaveLength(5000);
  });
});

describe('services', () => {
  it('offers the seven service choices', () => {
    expect(contactServices).toEqual([
      'Security Audit',
      'Penetration Testing',
      'SOC Monitoring',
      'Incident Response',
      'Compliance Consulting',
      'Security Training',
      'Other',
    ]);
  });
});
