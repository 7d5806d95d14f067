// The last weeks as a bar chart in plain SVG (docs/console.md « Tableau de bord »): per week,
// the requests received, closed and late, side by side, with a legend in words. The chart is
// one image named by its title and summary; the same figures are in the table below it, which
// is what a screen reader reads (weeks-table.tsx).
import type { ConsoleDashboard } from '@espace/contract';
import { formatWeek } from './weeks-table';

const SERIES = [
  { key: 'incoming', label: 'Reçues', className: 'chart__bar--incoming' },
  { key: 'closed', label: 'Closes', className: 'chart__bar--closed' },
  { key: 'late', label: 'En retard', className: 'chart__bar--late' },
] as const;

const WIDTH = 640;
const HEIGHT = 240;
const AXIS = { left: 36, bottom: 28, top: 12 };

/** A round top for the axis: 1, 2 or 5 times a power of ten, at least `max`. */
function niceMax(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((m) => m * power).find((step) => step >= max)!;
}

export function WeeksChart({ weeks }: { weeks: ConsoleDashboard['weeks'] }) {
  const top = niceMax(Math.max(...weeks.flatMap((w) => [w.incoming, w.closed, w.late])));
  const plotHeight = HEIGHT - AXIS.bottom - AXIS.top;
  const group = (WIDTH - AXIS.left) / weeks.length;
  const bar = (group - 12) / SERIES.length;
  const y = (value: number) => AXIS.top + plotHeight - (value / top) * plotHeight;
  const total = (key: (typeof SERIES)[number]['key']) => weeks.reduce((n, w) => n + w[key], 0);
  return (
    <figure className="chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby="weeks-chart-title weeks-chart-summary"
        className="chart__svg"
      >
        <title id="weeks-chart-title">Demandes reçues, closes et en retard par semaine</title>
        <desc id="weeks-chart-summary">
          {`Sur ${weeks.length} semaines\u00a0: ${total('incoming')} reçues, ${total('closed')} closes, ${total('late')} en retard. Le détail est dans le tableau qui suit.`}
        </desc>
        {[0, top / 2, top].map((tick) => (
          <g key={tick} className="chart__grid">
            <line x1={AXIS.left} x2={WIDTH} y1={y(tick)} y2={y(tick)} />
            <text x={AXIS.left - 6} y={y(tick) + 4} textAnchor="end">
              {tick.toLocaleString('fr-FR')}
            </text>
          </g>
        ))}
        {weeks.map((week, i) => (
          <g key={week.weekStart}>
            {SERIES.map((series, s) => (
              <rect
                key={series.key}
                className={series.className}
                x={AXIS.left + i * group + 6 + s * bar}
                y={y(week[series.key])}
                width={bar - 2}
                height={Math.max(0, y(0) - y(week[series.key]))}
              />
            ))}
            <text
              className="chart__label"
              x={AXIS.left + i * group + group / 2}
              y={HEIGHT - 8}
              textAnchor="middle"
            >
              {formatWeek(week.weekStart)}
            </text>
          </g>
        ))}
      </svg>
      <figcaption className="chart__legend">
        {SERIES.map((series) => (
          <span key={series.key}>
            <span className={`chart__swatch ${series.className}`} aria-hidden="true" />
            {series.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
