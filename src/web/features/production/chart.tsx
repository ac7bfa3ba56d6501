import type { ProductionMonth } from '../../../shared/production-api';
import { show } from './figures';

// Kg fired (bars, left scale) and full and direct cost per kg fired (lines, right scale) by month:
// a few dozen SVG elements, no chart library.
const W = 720;
const H = 260;
const PAD = { left: 64, right: 56, top: 16, bottom: 36 };
const short = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' });
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** A round upper bound for a scale: 1, 2, 2.5 or 5 times a power of ten. */
function niceMax(v: number): number {
  if (v <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  return ([1, 2, 2.5, 5, 10].find((m) => m * p >= v) ?? 10) * p;
}

export function ProductionChart({ months }: { months: readonly ProductionMonth[] }) {
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const maxKg = niceMax(Math.max(0, ...months.map((m) => m.kg_fired)));
  const maxCost = niceMax(Math.max(0, ...months.flatMap((m) => [m.full_cost_per_kg ?? 0, m.direct_cost_per_kg ?? 0])));
  const step = innerW / Math.max(1, months.length);
  const x = (i: number) => PAD.left + step * (i + 0.5);
  const yKg = (v: number) => PAD.top + innerH * (1 - v / maxKg);
  const yCost = (v: number) => PAD.top + innerH * (1 - v / maxCost);
  const labelEvery = Math.ceil(months.length / 13);
  // A line breaks where a month has no kg fired (no cost per kg).
  const line = (key: 'full_cost_per_kg' | 'direct_cost_per_kg') =>
    months
      .map((m, i) => (m[key] === null ? '' : `${i === 0 || months[i - 1]?.[key] === null ? 'M' : 'L'}${x(i).toFixed(1)},${yCost(m[key]).toFixed(1)}`))
      .join(' ');
  const ticks = [0, 0.5, 1];

  return (
    <figure className="production-chart mt-4">
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full max-w-3xl" role="img" aria-labelledby="production-chart-title">
        <title id="production-chart-title">Kg fired (bars) and cost per kg fired (lines) by month</title>
        {ticks.map((t) => (
          <g key={t} className="text-[13px] max-sm:text-[20px]" fill="currentColor">
            <line x1={PAD.left} x2={W - PAD.right} y1={PAD.top + innerH * (1 - t)} y2={PAD.top + innerH * (1 - t)} stroke="currentColor" strokeOpacity={0.15} />
            <text x={PAD.left - 6} y={PAD.top + innerH * (1 - t) + 4} textAnchor="end">
              {compact.format(maxKg * t)}
            </text>
            <text x={W - PAD.right + 6} y={PAD.top + innerH * (1 - t) + 4}>
              {show(maxCost * t, 'money')}
            </text>
          </g>
        ))}
        {months.map((m, i) => (
          <g key={m.month}>
            <rect
              x={x(i) - step * 0.35}
              width={step * 0.7}
              y={yKg(m.kg_fired)}
              height={PAD.top + innerH - yKg(m.kg_fired)}
              className="fill-primary"
              fillOpacity={0.35}
            >
              <title>{`${m.month}: ${show(m.kg_fired, 'kg')} kg fired; full cost ${show(m.full_cost_per_kg, 'perKg')} a kg`}</title>
            </rect>
            {i % labelEvery === 0 ? (
              <text x={x(i)} y={H - PAD.bottom + 14} textAnchor="middle" className="text-[13px] max-sm:text-[20px]" fill="currentColor">
                {short.format(new Date(`${m.month}-01T00:00:00Z`))}
              </text>
            ) : null}
            {i % labelEvery === 0 && (i === 0 || m.month.endsWith('-01')) ? (
              <text x={x(i)} y={H - PAD.bottom + 28} textAnchor="middle" className="text-[12px] max-sm:text-[18px]" fill="currentColor" fillOpacity={0.7}>
                {m.month.slice(0, 4)}
              </text>
            ) : null}
          </g>
        ))}
        <path d={line('full_cost_per_kg')} fill="none" stroke="currentColor" strokeWidth={2} className="text-error" />
        <path d={line('direct_cost_per_kg')} fill="none" stroke="currentColor" strokeWidth={2} strokeDasharray="5 4" className="text-warning" />
      </svg>
      <figcaption className="mt-1 flex flex-wrap gap-4 text-xs">
        <span>
          <span className="mr-1 inline-block h-3 w-3 bg-primary/35 align-middle" /> Kg fired (left scale)
        </span>
        <span>
          <span className="mr-1 inline-block h-0.5 w-4 bg-error align-middle" /> Full cost / kg fired (taka, right scale)
        </span>
        <span>
          <span className="mr-1 inline-block h-0.5 w-4 border-t-2 border-dashed border-warning align-middle" /> Direct cost / kg fired (taka)
        </span>
      </figcaption>
    </figure>
  );
}
