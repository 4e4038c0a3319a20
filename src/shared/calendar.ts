// Days and times where the trainees live, whatever the zone of the server or of the phone: a
// class 'el sábado a las 9' is 9:00 in Argentina, and 'hoy' is the Argentine day. Argentina has
// had no daylight saving time since 2009, but the offset is read from the zone's rules anyway.

export const COURSE_TIME_ZONE = 'America/Argentina/Buenos_Aires';

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: COURSE_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

function wallClock(instant: Date) {
  const parts = partsFormat.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
}

const two = (n: number) => String(n).padStart(2, '0');

/** The day (yyyy-mm-dd) an instant falls on in the course's zone. */
export function dayOf(instant: Date): string {
  const w = wallClock(instant);
  return `${w.year}-${two(w.month)}-${two(w.day)}`;
}

/** The time of day (HH:mm) of an instant in the course's zone. */
export function timeOf(instant: Date): string {
  const w = wallClock(instant);
  return `${two(w.hour)}:${two(w.minute)}`;
}

/** The instant of a day (yyyy-mm-dd) and a time (HH:mm) in the course's zone. */
export function instantOf(day: string, time = '00:00'): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const guess = Date.UTC(year, month - 1, date, hour, minute);
  // The zone's offset near that moment: its wall clock read as UTC, minus the instant.
  const w = wallClock(new Date(guess));
  const offset = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - guess;
  return new Date(guess - offset);
}

/** The day `days` after (or before, when negative) a day. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/**
 * The day `months` after a day, kept on the same day of the month, or the month's last day when it
 * has no such day (31 Jan + 1 month = 28 Feb): a licence issued on 31 Jan for a month lasts February.
 */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const lastOfTarget = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 + months, Math.min(date, lastOfTarget))).toISOString().slice(0, 10);
}

/** Whether a string is a real calendar day written yyyy-mm-dd. */
/**
 * The years every date the product stores falls in (classes, results, payments, exam times): a
 * date outside them is a typing slip (0099, 9999), refused with a message rather than stored as
 * another year or failing in the database.
 */
export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2100;

/** Whether a day (yyyy-mm-dd) or an instant is within FIRST_YEAR and LAST_YEAR, in the course's zone. */
export function isYearInRange(value: string | Date): boolean {
  if (typeof value !== 'string' && Number.isNaN(value.getTime())) return false;
  const year = Number((typeof value === 'string' ? value : dayOf(value)).slice(0, 4));
  return year >= FIRST_YEAR && year <= LAST_YEAR;
}

export function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  // A month past 12 is no date at all (toISOString would throw); Feb 30 rolls over to March.
  const instant = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(instant.getTime()) && instant.toISOString().slice(0, 10) === value;
}

const dayFormat = new Intl.DateTimeFormat('es-AR', { dateStyle: 'medium', timeZone: 'UTC' });
const dayLongFormat = new Intl.DateTimeFormat('es-AR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '25 nov 2026': a day as the app shows it. */
export const dayText = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
/** 'sábado, 28 de noviembre de 2026'. */
export const dayLongText = (day: string) => dayLongFormat.format(new Date(`${day}T00:00:00Z`));

const momentFormat = new Intl.DateTimeFormat('es-AR', {
  dateStyle: 'medium',
  timeStyle: 'short',
  hourCycle: 'h23',
  timeZone: COURSE_TIME_ZONE,
});

/** '1 dic 2026, 09:00': a moment as the app shows it everywhere — day first, 24 hours, the course's time. */
export const momentText = (iso: string | Date) => momentFormat.format(new Date(iso));
