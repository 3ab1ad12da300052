// The analytics' two charts (recharts, SVG). Loaded only in the browser, on its own chunk: the
// numbers are in the tables beside the charts, which the server renders.
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useLocale, useT } from '../../i18n/index.ts';
import { formatNumber } from '../../lib/format.ts';
import { dayLabel, dayTick, hoursLabel } from '../../lib/hiring/analytics-format.ts';
import type { Analytics } from '../../lib/hiring/types.ts';

const BRAND = '#0f766e';
const SECOND = '#b45309';

export function PerDayChart({ analytics }: { analytics: Analytics }) {
  const locale = useLocale();
  const t = useT();
  const rtl = locale === 'fa';
  return (
    <ResponsiveContainer width="100%" height={240}>
      <BarChart data={analytics.applicationsPerDay} accessibilityLayer={false} margin={{ top: 8, left: 8, right: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="date"
          reversed={rtl}
          tickFormatter={(value: string) => dayTick(value, locale)}
          tick={{ fontSize: 12 }}
          minTickGap={12}
        />
        <YAxis
          orientation={rtl ? 'right' : 'left'}
          allowDecimals={false}
          tickFormatter={(value: number) => formatNumber(value, locale)}
          tick={{ fontSize: 12 }}
          width={36}
        />
        <Tooltip
          labelFormatter={(value) => dayLabel(String(value), locale)}
          formatter={(value) => [formatNumber(Number(value), locale), t('applies.analytics.count')]}
        />
        <Bar dataKey="count" fill={BRAND} name={t('applies.analytics.count')} />
      </BarChart>
    </ResponsiveContainer>
  );
}

export function StepTimeChart({ analytics }: { analytics: Analytics }) {
  const locale = useLocale();
  const t = useT();
  const rtl = locale === 'fa';
  const rows = analytics.steps.map((entry) => ({
    name: entry.step.name,
    average: entry.averageHours,
    median: entry.medianHours,
  }));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={rows} accessibilityLayer={false} margin={{ top: 8, left: 8, right: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="name" reversed={rtl} tick={{ fontSize: 12 }} />
        <YAxis
          orientation={rtl ? 'right' : 'left'}
          tickFormatter={(value: number) => hoursLabel(value, locale)}
          tick={{ fontSize: 12 }}
          width={40}
        />
        <Tooltip formatter={(value, name) => [hoursLabel(Number(value), locale), String(name)]} />
        <Legend />
        <Bar dataKey="average" fill={BRAND} name={t('applies.analytics.average')} />
        <Bar dataKey="median" fill={SECOND} name={t('applies.analytics.median')} />
      </BarChart>
    </ResponsiveContainer>
  );
}
