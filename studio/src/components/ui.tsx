import type { ReactNode } from 'react';

export function ErrorNote({ children }: { children: ReactNode }) {
  return <div role="alert" className="error-note">{children}</div>;
}

export function Loading({ what }: { what: string }) {
  return <p className="muted" aria-live="polite">Loading {what}…</p>;
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="empty">{children}</p>;
}

export function Cell({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="null">NULL</span>;
  if (typeof value === 'object') return <>{JSON.stringify(value)}</>;
  return <>{String(value)}</>;
}

type PagerProps = { label: string; hasPrevious: boolean; hasNext: boolean; onMove: (step: 1 | -1) => void };

export function Pager({ label, hasPrevious, hasNext, onMove }: PagerProps) {
  return (
    <nav className="pager" aria-label="Pages">
      <button type="button" disabled={!hasPrevious} onClick={() => onMove(-1)}>Previous</button>
      <span aria-live="polite">{label}</span>
      <button type="button" disabled={!hasNext} onClick={() => onMove(1)}>Next</button>
    </nav>
  );
}
