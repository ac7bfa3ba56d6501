import type { ProductionMonth } from '../../../shared/production-api';
import { MonthLabel, ScaleLines, compact, monthFrame, monthText, niceMax } from '../../lib/month-chart';
import { fill } from '../../../shared/messages';
import { useTexts } from '../../lib/i18n';
import { show } from './figures';
import { productionTexts } from './texts';

// Kg fired (bars, left scale) and full and direct cost per kg fired (lines, right scale) by month:
// a few dozen SVG elements, no chart library.
export function ProductionChart({ months }: { months: readonly ProductionMonth[] }) {
  // The right scale is in taka ('৳ 50.00'): room for it, so it is not cut on a phone.
  const frame = monthFrame(months.length, 96);
  const { W, H, step, x } = frame;
  const maxKg = niceMax(Math.max(0, ...months.map((m) => m.kg_fired)));
  const maxCost = niceMax(Math.max(0, ...months.flatMap((m) => [m.full_cost_per_kg ?? 0, m.direct_cost_per_kg ?? 0])));
  const yKg = (v: number) => frame.y(v / maxKg);
  const yCost = (v: number) => frame.y(v / maxCost);
  const labelEvery = Math.ceil(months.length / 13);
  // A line breaks where a month has no kg fired (no cost per kg).
  const line = (key: 'full_cost_per_kg' | 'direct_cost_per_kg') =>
    months
      .map((m, i) => (m[key] === null ? '' : `${i === 0 || months[i - 1]?.[key] === null ? 'M' : 'L'}${x(i).toFixed(1)},${yCost(m[key]).toFixed(1)}`))
      .join(' ');

  const t = useTexts(productionTexts);
  return (
    <figure className="production-chart mt-4">
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full max-w-3xl" role="img" aria-labelledby="production-chart-title">
        <title id="production-chart-title">{t.productionChartTitle}</title>
        <ScaleLines frame={frame} left={(t) => compact.format(maxKg * t)} right={(t) => show(maxCost * t, 'money')} />
        {months.map((m, i) => (
          <g key={m.month}>
            <rect
              x={x(i) - step * 0.35}
              width={step * 0.7}
              y={yKg(m.kg_fired)}
              height={frame.y(0) - yKg(m.kg_fired)}
              className="fill-primary"
              fillOpacity={0.35}
            >
              <title>{fill(t.productionMonthTip, { month: monthText(m.month), kg: show(m.kg_fired, 'kg'), cost: show(m.full_cost_per_kg, 'perKg') })}</title>
            </rect>
            <MonthLabel month={m.month} i={i} x={x(i)} y={frame.labelY} every={labelEvery} />
          </g>
        ))}
        <path d={line('full_cost_per_kg')} fill="none" stroke="currentColor" strokeWidth={2} className="text-error" />
        <path d={line('direct_cost_per_kg')} fill="none" stroke="currentColor" strokeWidth={2} strokeDasharray="5 4" className="text-warning" />
      </svg>
      <figcaption className="mt-1 flex flex-wrap gap-4 text-xs">
        <span>
          <span className="mr-1 inline-block h-3 w-3 bg-primary/35 align-middle" /> {t.kgFiredLegend}
        </span>
        <span>
          <span className="mr-1 inline-block h-0.5 w-4 bg-error align-middle" /> {t.fullCostLegend}
        </span>
        <span>
          <span className="mr-1 inline-block h-0.5 w-4 border-t-2 border-dashed border-warning align-middle" /> {t.directCostLegend}
        </span>
      </figcaption>
    </figure>
  );
}
