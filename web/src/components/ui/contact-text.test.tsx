import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailAddress, emailParts } from './contact-text';

describe('EmailAddress', () => {
  it('offers a line break before the "@" and each "." only', () => {
    expect(emailParts('procurement.team@desert-falcon.example.ae')).toEqual([
      'procurement',
      '.team',
      '@desert-falcon',
      '.example',
      '.ae',
    ]);
    const { container } = render(<EmailAddress value="a.b@c.io" />);
    expect(container.textContent).toBe('a.b@c.io');
    expect(container.querySelectorAll('wbr')).toHaveLength(3);
  });
});
