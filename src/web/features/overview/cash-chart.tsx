import type { OverviewMonth } from '../../../shared/overview-api';
import { fill } from '../../../shared/messages';
import { formatCell } from '../../lib/format';
import { useTexts } from '../../lib/i18n';
import { overviewTexts } from './texts';
import { MonthLabel, ScaleLines, compact, monthFrame, monthText, niceMax } from '../../lib/month-chart';

// Cash in and cash out (bars, left scale) and the balance at each month's end (line, right
// scale) over the last twelve months.
export function CashChart({ months }: { months: readonly OverviewMonth[] }) {
  const w = useTexts(overviewTexts);
  const frame = monthFrame(months.length, 64);
  const { W, H, step, x } = frame;
  const maxCash = niceMax(Math.max(0, ...months.flatMap((m) => [m.cash_in, m.cash_out])));
  // The balance's scale runs from 0 (or below, when it went negative) to a round top.
  const least = Math.min(0, ...months.map((m) => m.balance));
  const most = Math.max(0, ...months.map((m) => m.balance));
  const bottom = least < 0 ? -niceMax(-least) : 0;
  const top = most > 0 || bottom === 0 ? niceMax(most) : 0;
  const yCash = (v: number) => frame.y(v / maxCash);
  const yBal = (v: number) => frame.y((v - bottom) / (top - bottom));
  const line = months.map((m, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${yBal(m.balance).toFixed(1)}`).join(' ');

  return (
    <figure className="mt-2">
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full max-w-3xl" role="img" aria-labelledby="cash-chart-title">
        <title id="cash-chart-title">{w.cashChartTitle}</title>
        <ScaleLines frame={frame} left={(t) => compact.format(maxCash * t)} right={(t) => compact.format(bottom + (top - bottom) * t)} />
        {months.map((m, i) => (
          <g key={m.month}>
            <rect x={x(i) - step * 0.38} width={step * 0.36} y={yCash(m.cash_in)} height={frame.y(0) - yCash(m.cash_in)} className="fill-success">
              <title>{fill(w.cashInMonthTip, { month: monthText(m.month), amount: formatCell(m.cash_in, 'money') })}</title>
            </rect>
            <rect x={x(i) + step * 0.02} width={step * 0.36} y={yCash(m.cash_out)} height={frame.y(0) - yCash(m.cash_out)} className="fill-error">
              <title>{fill(w.cashOutMonthTip, { month: monthText(m.month), amount: formatCell(m.cash_out, 'money') })}</title>
            </rect>
            <MonthLabel month={m.month} i={i} x={x(i)} y={frame.labelY} every={1} />
          </g>
        ))}
        <path d={line} fill="none" stroke="currentColor" strokeWidth={2.5} className="text-primary" />
        {months.map((m, i) => (
          <circle key={m.month} cx={x(i)} cy={yBal(m.balance)} r={3.5} className="fill-primary">
            <title>{fill(w.balanceMonthTip, { month: monthText(m.month), amount: formatCell(m.balance, 'money') })}</title>
          </circle>
        ))}
      </svg>
      <figcaption className="mt-1 flex flex-wrap gap-4 text-xs">
        <span>
          <span className="mr-1 inline-block h-3 w-3 bg-success align-middle" /> {w.cashInLegend}
        </span>
        <span>
          <span className="mr-1 inline-block h-3 w-3 bg-error align-middle" /> {w.cashOutLegend}
        </span>
        <span>
          <span className="mr-1 inline-block h-0.5 w-4 bg-primary align-middle" /> {w.balanceLegend}
        </span>
      </figcaption>
    </figure>
  );
}
