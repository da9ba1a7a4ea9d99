// The charts of a period, each line's figures picked out of the days once per answer (the
// chart redraws only when its lines change).
import { useMemo } from 'react';
import type { Analytics, AnalyticsDay } from '../../../api/analyticsEndpoints';
import { DailyChart, type ChartLine } from '../../../components/DailyChart';

type Figure = Exclude<keyof AnalyticsDay, 'date'>;

/** The colours of the figures, the same on every chart. */
const COLORS: Record<Figure, string> = {
  notes: '#001935',
  likes: '#ff4930',
  reblogs: '#00a82d',
  replies: '#00b8ff',
  followers: '#7c5cff',
  posts: '#ff8a00',
};

const LABELS: Record<Figure, string> = {
  notes: 'Notes',
  likes: 'Likes',
  reblogs: 'Reblogs',
  replies: 'Replies',
  followers: 'New followers',
  posts: 'Posts',
};

/** One chart of some of the figures. */
export function FigureChart({
  analytics,
  title,
  figures,
  bars = false,
}: {
  analytics: Analytics;
  title: string;
  figures: Figure[];
  bars?: boolean;
}) {
  const { series } = analytics;
  // `figures` is a new array on each render; its contents are what count.
  const key = figures.join(',');
  const shown = useMemo(() => (key ? (key.split(',') as Figure[]) : []), [key]);
  const dates = useMemo(() => series.map((day) => day.date), [series]);
  const lines = useMemo<ChartLine[]>(
    () => shown.map((f) => ({ label: LABELS[f], color: COLORS[f], values: series.map((day) => day[f]) })),
    [series, shown],
  );
  return <DailyChart title={title} dates={dates} lines={lines} bars={bars} />;
}
