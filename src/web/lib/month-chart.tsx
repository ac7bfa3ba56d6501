// What the month charts share (production, overview): a round scale, compact tick labels and the
// month labels under the bars. Plain SVG elements, no chart library.

import { formatMonthYear, formatShortMonth, formatYear } from '../../shared/dates';
import { compactFigure, figureLanguage } from './format';

/** Scale labels in lakh and crore (not ICU's thousands and millions). */
export const compact = { format: (n: number) => compactFigure(n) };

/** A chart month ('2026-11') as people read it: 'November 2026', 'নভেম্বর ২০২৬'. */
export const monthText = (month: string) => formatMonthYear(new Date(`${month}-01T00:00:00Z`));

/** A round upper bound for a scale: 1, 2, 2.5 or 5 times a power of ten. */
export function niceMax(v: number): number {
  if (v <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  return ([1, 2, 2.5, 5, 10].find((m) => m * p >= v) ?? 10) * p;
}

/** Labels' size on a phone (the chart is drawn small there): Bangla's words are wider ('১২.৫ হাজার'), so a little smaller. */
const phoneSize = () => (figureLanguage() === 'bn' ? 'max-sm:text-[16px]' : 'max-sm:text-[20px]');

/** The month's short name under its bars, and the year under January and the first month (not a first December: its year would touch January's). */
export function MonthLabel({ month, i, x, y, every }: { month: string; i: number; x: number; y: number; every: number }) {
  if (i % every !== 0) return null;
  return (
    <>
      <text x={x} y={y} textAnchor="middle" className={`text-[13px] ${phoneSize()}`} fill="currentColor">
        {formatShortMonth(new Date(`${month}-01T00:00:00Z`))}
      </text>
      {(i === 0 && !month.endsWith('-12')) || month.endsWith('-01') ? (
        <text x={x} y={y + 14} textAnchor="middle" className="text-[12px] max-sm:text-[18px]" fill="currentColor" fillOpacity={0.7}>
          {formatYear(month.slice(0, 4))}
        </text>
      ) : null}
    </>
  );
}

/** The drawing area of a month chart: `n` months across, two scales either side. */
export function monthFrame(n: number, right = 56) {
  const W = 720;
  const H = 260;
  // Bangla scale labels are wider ('১২.৫ লাখ', '৫০ লাখ'): more room either side, so none is cut on a phone.
  const wider = figureLanguage() === 'bn' ? 28 : 0;
  const PAD = { left: 64 + wider, right: right + wider, top: 16, bottom: 36 };
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const step = innerW / Math.max(1, n);
  return {
    W,
    H,
    step,
    /** The middle of month i. */
    x: (i: number) => PAD.left + step * (i + 0.5),
    /** Height of a fraction (0 bottom, 1 top) of the scale. */
    y: (f: number) => PAD.top + innerH * (1 - f),
    /** Where the month labels go. */
    labelY: H - PAD.bottom + 14,
    left: PAD.left,
    right: W - PAD.right,
  };
}

/** Three grid lines (0, half, top) with the left and right scales' labels. */
export function ScaleLines({ frame, left, right }: { frame: ReturnType<typeof monthFrame>; left: (t: number) => string; right: (t: number) => string }) {
  return [0, 0.5, 1].map((t) => (
    <g key={t} className={`text-[13px] ${phoneSize()}`} fill="currentColor">
      <line x1={frame.left} x2={frame.right} y1={frame.y(t)} y2={frame.y(t)} stroke="currentColor" strokeOpacity={0.15} />
      <text x={frame.left - 6} y={frame.y(t) + 4} textAnchor="end">
        {left(t)}
      </text>
      <text x={frame.right + 6} y={frame.y(t) + 4}>
        {right(t)}
      </text>
    </g>
  ));
}
