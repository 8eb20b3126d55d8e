import { ringPositions, ringRadii } from './framework-geometry';
import { capabilities, services } from '../data/services';

describe('framework geometry', () => {
  it('uses ring radii 130, 220 and 320 px', () => {
    expect(ringRadii).toEqual({ center: 130, inner: 220, outer: 320 });
  });

  it('places nine capability nodes at 40 degree steps', () => {
    expect(capabilities).toHaveLength(9);
    expect(ringPositions(capabilities.length, ringRadii.inner).map((node) => node.angle)).toEqual([
      0, 40, 80, 120, 160, 200, 240, 280, 320,
    ]);
  });

  it('places six service nodes at 60 degree steps', () => {
    expect(services).toHaveLength(6);
    expect(ringPositions(services.length, ringRadii.outer).map((node) => node.angle)).toEqual([
      0, 60, 120, 180, 240, 300,
    ]);
  });

  it('puts every node on its ring, the first at the top', () => {
    const nodes = ringPositions(6, 320);
    expect(nodes[0]).toEqual({ angle: 0, x: 0, y: -320 });
    expect(nodes[3].y).toBeCloseTo(320);
    for (const node of ringPositions(9, 220)) {
      expect(Math.hypot(node.x, node.y)).toBeCloseTo(220, 1);
    }
  });
});
