import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { VendorThreatdownRoute } from './vendor-threatdown';

describe('ThreatDown page', () => {
  it('promises a PDF download only where a link leads to a PDF', () => {
    render(
      <MemoryRouter>
        <VendorThreatdownRoute />
      </MemoryRouter>,
    );
    const documentLinks = screen
      .getAllByRole('link')
      .filter((link) => /pdf|download/i.test(`${link.textContent} ${link.getAttribute('aria-label') ?? ''}`));
    for (const link of documentLinks) expect(link.getAttribute('href')).toMatch(/\.pdf$/i);
    expect(screen.queryByText(/\(PDF\)/)).not.toBeInTheDocument();
    const libraryLinks = screen.getAllByRole('link', { name: /in the ThreatDown resource library/ });
    expect(libraryLinks).toHaveLength(4);
  });
});
