import { fireEvent, render, screen } from '@testing-library/react';
import { SecurityFramework } from './security-framework';

describe('SecurityFramework', () => {
  it('has the centre, nine capability nodes and six service nodes', () => {
    const { container } = render(<SecurityFramework />);
    expect(container.querySelectorAll('[data-layer="inner"]')).toHaveLength(9);
    expect(container.querySelectorAll('[data-layer="outer"]')).toHaveLength(6);
    const rings = container.querySelectorAll('svg[viewBox="-360 -360 720 720"] > circle');
    expect(Array.from(rings, (ring) => ring.getAttribute('r'))).toEqual(['320', '220', '130']);
  });

  it('describes the node under the pointer', () => {
    render(<SecurityFramework />);
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'Incident Response' }));
    expect(screen.getByText('Outer layer: services')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Incident Response' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'Threat Intelligence' }));
    expect(screen.getByText('Inner layer: security capabilities')).toBeInTheDocument();
    fireEvent.mouseLeave(screen.getByRole('button', { name: 'Threat Intelligence' }));
    expect(screen.getByText('Center: our mission')).toBeInTheDocument();
  });
});
