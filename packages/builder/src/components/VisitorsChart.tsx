import { useRef } from 'react';
import type { AnalyticsDay } from '../analytics-queries.ts';
import { useElementSize } from '../use-element-size.ts';

const HEIGHT = 180;
const PAD = { top: 12, right: 12, bottom: 24, left: 32 };

/** A round step for the value axis: 1, 2 or 5 times a power of ten, so about four grid lines fit. */
function niceMax(max: number): number {
  if (max <= 4) return 4;
  const step = 10 ** Math.floor(Math.log10(max / 4));
  const unit = [1, 2, 5, 10].find((m) => m * step * 4 >= max) ?? 10;
  return unit * step * 4;
}

/** "Nov 25" for a UTC day. */
function shortDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * Visitors per day as an area chart with page views as a dashed line (SVG, sized to its container). Each day is a
 * hover target with its figures as a tooltip, and the whole chart has a text alternative.
 */
export function VisitorsChart({ daily }: { daily: AnalyticsDay[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const size = useElementSize(ref);
  const width = Math.max(size.width, 240);
  const max = niceMax(Math.max(1, ...daily.map((d) => Math.max(d.visitors, d.pageviews))));
  const innerW = width - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (daily.length <= 1 ? innerW / 2 : (i / (daily.length - 1)) * innerW);
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  const line = (key: 'visitors' | 'pageviews') =>
    daily.map((d, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(d[key]).toFixed(1)}`).join(' ');
  const area = `${line('visitors')} L${x(daily.length - 1).toFixed(1)},${y(0)} L${x(0).toFixed(1)},${y(0)} Z`;
  const ticks = [0, max / 4, max / 2, (3 * max) / 4, max];
  const labelEvery = Math.max(1, Math.ceil(daily.length / Math.max(2, Math.floor(innerW / 64))));
  const total = daily.reduce((n, d) => n + d.visitors, 0);
  const slot = daily.length > 1 ? innerW / (daily.length - 1) : innerW;
  return (
    <div ref={ref} data-testid="visitors-chart">
      <svg
        width={width}
        height={HEIGHT}
        role="img"
        aria-label={`Visitors per day: ${total} over ${daily.length} days`}
        style={{ display: 'block', overflow: 'visible', fontSize: 11 }}
      >
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={width - PAD.right} y1={y(t)} y2={y(t)} stroke="var(--border)" />
            <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" fill="var(--muted)">
              {Number.isInteger(t) ? t : ''}
            </text>
          </g>
        ))}
        <path d={area} fill="var(--accent-soft)" />
        <path
          d={line('pageviews')}
          fill="none"
          stroke="var(--muted)"
          strokeWidth={1.5}
          strokeDasharray="4 3"
        />
        <path
          d={line('visitors')}
          fill="none"
          stroke="var(--accent)"
          strokeWidth={2}
          strokeLinejoin="round"
        />
        {daily.map((d, i) => (
          <g key={d.date}>
            {d.visitors > 0 ? <circle cx={x(i)} cy={y(d.visitors)} r={3} fill="var(--accent)" /> : null}
            <rect
              x={x(i) - slot / 2}
              y={PAD.top}
              width={slot}
              height={innerH}
              fill="transparent"
              data-date={d.date}
              data-visitors={d.visitors}
            >
              <title>{`${shortDate(d.date)}: ${d.visitors} visitors, ${d.pageviews} page views, ${d.events} events`}</title>
            </rect>
            {(i % labelEvery === 0 && daily.length - 1 - i >= labelEvery / 2) || i === daily.length - 1 ? (
              <text x={x(i)} y={HEIGHT - 6} textAnchor="middle" fill="var(--muted)">
                {shortDate(d.date)}
              </text>
            ) : null}
          </g>
        ))}
      </svg>
      <p className="text-muted" style={{ display: 'flex', gap: 16, margin: '4px 0 0', fontSize: 12 }}>
        <span>
          <svg width={16} height={8} aria-hidden="true">
            <line x1={0} x2={16} y1={4} y2={4} stroke="var(--accent)" strokeWidth={2} />
          </svg>{' '}
          Visitors
        </span>
        <span>
          <svg width={16} height={8} aria-hidden="true">
            <line
              x1={0}
              x2={16}
              y1={4}
              y2={4}
              stroke="var(--muted)"
              strokeWidth={1.5}
              strokeDasharray="4 3"
            />
          </svg>{' '}
          Page views
        </span>
      </p>
    </div>
  );
}
