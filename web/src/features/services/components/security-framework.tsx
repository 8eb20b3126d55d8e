import { useState } from 'react';
import { cn } from '@/components/ui/cn';
import { capabilities, frameworkCore, services, type FrameworkNode } from '../data/services';
import { ringPositions, ringRadii } from '../lib/framework-geometry';

type Layer = 'center' | 'inner' | 'outer';

type Active = { layer: Layer; node: FrameworkNode };

const size = 720;
const half = size / 2;

const layerNames: Record<Layer, string> = {
  center: 'Center: our mission',
  inner: 'Inner layer: security capabilities',
  outer: 'Outer layer: services',
};

function toPercent(value: number): string {
  return `${((value + half) / size) * 100}%`;
}

type NodeButtonProps = {
  node: FrameworkNode;
  layer: Layer;
  x: number;
  y: number;
  active: Active | null;
  onActivate: (active: Active | null) => void;
};

function NodeButton({ node, layer, x, y, active, onActivate }: NodeButtonProps) {
  const isActive = active?.node.id === node.id;
  const dimmed = active !== null && active.layer !== layer;
  return (
    <button
      type="button"
      aria-label={node.title}
      aria-pressed={isActive}
      data-layer={layer}
      onMouseEnter={() => onActivate({ layer, node })}
      onMouseLeave={() => onActivate(null)}
      onFocus={() => onActivate({ layer, node })}
      onBlur={() => onActivate(null)}
      style={{ left: toPercent(x), top: toPercent(y) }}
      className={cn('absolute -translate-x-1/2 -translate-y-1/2 transition-all duration-200', dimmed && 'opacity-40')}
    >
      <span
        className={cn(
          'flex h-9 w-9 items-center justify-center rounded-full border-2 shadow-md transition-transform duration-200 sm:h-12 sm:w-12',
          layer === 'outer'
            ? 'border-brand-400 bg-navy-900 text-brand-300'
            : 'border-brand-600 bg-white text-brand-700 dark:bg-navy-800 dark:text-brand-300',
          isActive && 'scale-125 border-brand-300 ring-4 ring-brand-400/40',
        )}
      >
        <node.Icon aria-hidden="true" className="h-4 w-4 sm:h-6 sm:w-6" />
      </span>
      {/* Out of the flow, so that the icon alone is centred on its ring; the backdrop keeps the ring off the words. */}
      <span className="absolute left-1/2 top-full mt-1 hidden w-max max-w-36 -translate-x-1/2 rounded bg-white/90 px-1 text-center text-[11px] font-semibold leading-tight text-balance text-slate-700 sm:block dark:bg-navy-950/90 dark:text-slate-200">
        {node.title}
      </span>
    </button>
  );
}

export function SecurityFramework() {
  const [active, setActive] = useState<Active | null>(null);
  const capabilityPositions = ringPositions(capabilities.length, ringRadii.inner);
  const servicePositions = ringPositions(services.length, ringRadii.outer);
  const shown = active ?? { layer: 'center' as Layer, node: frameworkCore };

  function ringClass(layer: Layer) {
    return cn(
      'transition-all duration-200',
      active?.layer === layer ? 'stroke-brand-500' : 'stroke-slate-300 dark:stroke-slate-600',
    );
  }

  return (
    <div className="grid items-center gap-10 lg:grid-cols-[minmax(0,720px)_1fr]">
      <div className="relative mx-auto aspect-square w-full max-w-[720px]">
        <svg viewBox={`${-half} ${-half} ${size} ${size}`} className="absolute inset-0 h-full w-full" aria-hidden="true">
          <circle r={ringRadii.outer} fill="none" strokeWidth={active?.layer === 'outer' ? 3 : 1.5} strokeDasharray="6 6" className={ringClass('outer')} />
          <circle r={ringRadii.inner} fill="none" strokeWidth={active?.layer === 'inner' ? 3 : 1.5} className={ringClass('inner')} />
          <circle
            r={ringRadii.center}
            strokeWidth={active?.layer === 'center' ? 3 : 1.5}
            className={cn(ringClass('center'), 'fill-brand-50 dark:fill-brand-900/40')}
          />
        </svg>
        <button
          type="button"
          aria-label={frameworkCore.title}
          onMouseEnter={() => setActive({ layer: 'center', node: frameworkCore })}
          onMouseLeave={() => setActive(null)}
          onFocus={() => setActive({ layer: 'center', node: frameworkCore })}
          onBlur={() => setActive(null)}
          className="absolute left-1/2 top-1/2 flex h-[30%] w-[30%] -translate-x-1/2 -translate-y-1/2 flex-col items-center justify-center rounded-full text-center"
        >
          <frameworkCore.Icon aria-hidden="true" className="h-8 w-8 text-brand-700 dark:text-brand-400 sm:h-12 sm:w-12" />
          <span className="mt-1 text-xs font-bold sm:text-base">{frameworkCore.title}</span>
        </button>
        {capabilities.map((node, index) => (
          <NodeButton
            key={node.id}
            node={node}
            layer="inner"
            x={capabilityPositions[index].x}
            y={capabilityPositions[index].y}
            active={active}
            onActivate={setActive}
          />
        ))}
        {services.map((node, index) => (
          <NodeButton
            key={node.id}
            node={node}
            layer="outer"
            x={servicePositions[index].x}
            y={servicePositions[index].y}
            active={active}
            onActivate={setActive}
          />
        ))}
      </div>
      <div aria-live="polite" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-navy-900">
        <p className="text-xs font-semibold uppercase tracking-wider text-brand-700 dark:text-brand-400">
          {layerNames[shown.layer]}
        </p>
        <h3 className="mt-2 text-xl font-bold">{shown.node.title}</h3>
        <p className="mt-2 text-slate-600 dark:text-slate-300">{shown.node.description}</p>
        <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">
          Hover over or focus any node to explore how our services wrap around nine core security capabilities.
        </p>
      </div>
    </div>
  );
}
