import { useEffect, useState } from 'react';
import { momentText } from '../../../../shared/calendar.ts';

const relative = new Intl.RelativeTimeFormat('es-AR', { numeric: 'auto' });

const steps: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Infinity],
];

export function formatRelative(date: Date, now = Date.now()): string {
  let value = (date.getTime() - now) / 1000;
  if (Math.abs(value) < 45) return 'recién';
  for (const [unit, size] of steps) {
    if (Math.abs(value) < size) return relative.format(Math.round(value), unit);
    value /= size;
  }
  return momentText(date);
}

/** "hace 5 minutos", kept current while the page is open; the exact date on hover. */
export function RelativeTime({ iso }: { iso: string }) {
  const [, tick] = useState(0);
  useEffect(() => {
    const id = setInterval(() => tick((n) => n + 1), 30_000);
    return () => clearInterval(id);
  }, []);
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={momentText(date)}>
      {formatRelative(date)}
    </time>
  );
}
