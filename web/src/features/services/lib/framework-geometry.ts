export const ringRadii = { center: 130, inner: 220, outer: 320 } as const;

export type NodePosition = { angle: number; x: number; y: number };

// Angles start at twelve o'clock and run clockwise, so the first node sits on top of its ring.
export function ringPositions(count: number, radius: number): NodePosition[] {
  const step = 360 / count;
  return Array.from({ length: count }, (_, index) => {
    const angle = index * step;
    const radians = (angle * Math.PI) / 180;
    return {
      angle,
      x: Math.round(radius * Math.sin(radians) * 100) / 100,
      y: Math.round(-radius * Math.cos(radians) * 100) / 100,
    };
  });
}
