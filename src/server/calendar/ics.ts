// A person's dates as iCalendar (RFC 5545) through ical-generator: times on the course's zone with
// its VTIMEZONE, stable UIDs (a class moved keeps its UID and a higher SEQUENCE, so calendars move
// it), a cancelled class with STATUS:CANCELLED, whole days for due dates.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { COURSE_TIME_ZONE } from '../../shared/calendar.ts';
import type { CalendarEvent } from './events.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The zone's offset at an instant, in minutes east of UTC. */
function offsetMinutes(zone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Math.round((Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute')) - at.getTime()) / 60_000);
}

const hhmm = (minutes: number) => {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
};

/**
 * The VTIMEZONE of a zone without daylight saving time (Argentina's since 2009), from the
 * runtime's zone data; null for a zone with DST (its rules are not written here), whose events
 * keep their TZID for calendars that know the zone by name.
 */
export function vtimezone(zone: string): string | null {
  const year = new Date().getUTCFullYear();
  const winter = offsetMinutes(zone, new Date(Date.UTC(year, 0, 1)));
  if (winter !== offsetMinutes(zone, new Date(Date.UTC(year, 6, 1)))) return null;
  const offset = hhmm(winter);
  const name = offset.endsWith('00') ? offset.slice(0, 3) : offset;
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${zone}`,
    `X-LIC-LOCATION:${zone}`,
    'BEGIN:STANDARD',
    `TZOFFSETFROM:${offset}`,
    `TZOFFSETTO:${offset}`,
    `TZNAME:${name}`,
    'DTSTART:19700101T000000',
    'END:STANDARD',
    'END:VTIMEZONE',
  ].join('\r\n');
}

/** SEQUENCE grows with each change of the event (seconds since 2024, within 32 bits until 2092). */
const sequenceOf = (updatedAt: Date) => Math.max(0, Math.floor((updatedAt.getTime() - Date.UTC(2024, 0, 1)) / 1000));

export function renderCalendar(input: {
  name: string;
  events: CalendarEvent[];
  publicUrl: string;
  zone?: string;
  single?: boolean;
}): string {
  const zone = input.zone ?? COURSE_TIME_ZONE;
  const host = new URL(input.publicUrl).hostname;
  // Not ical-generator's calendar-wide zone: it would write DTSTAMP and whole days in that zone too,
  // where the standard wants UTC and plain dates; each timed event names its zone, and the zone's
  // VTIMEZONE goes in once below.
  const calendar = ical({
    name: input.name,
    prodId: { company: 'Aula Virtual', product: 'Calendario', language: 'ES' },
    ...(input.single ? { method: ICalCalendarMethod.PUBLISH } : {}),
    // Calendars that honour it read the feed again every few hours.
    ttl: 60 * 60 * 3,
    x: { 'X-WR-TIMEZONE': zone },
  });
  for (const event of input.events) {
    const common = {
      id: `${event.id}@${host}`,
      summary: event.summary,
      sequence: sequenceOf(event.updatedAt),
      stamp: dayjs.utc(event.updatedAt),
      lastModified: dayjs.utc(event.updatedAt),
      url: `${input.publicUrl}${event.path}`,
      ...(event.location ? { location: event.location } : {}),
      ...(event.description ? { description: event.description } : {}),
      ...(event.cancelled ? { status: ICalEventStatus.CANCELLED } : { status: ICalEventStatus.CONFIRMED }),
    };
    if (event.day) calendar.createEvent({ ...common, start: dayjs.utc(event.day), allDay: true });
    else calendar.createEvent({ ...common, start: dayjs(event.start).tz(zone), end: dayjs(event.end).tz(zone), timezone: zone });
  }
  const text = calendar.toString();
  const zoneBlock = vtimezone(zone);
  if (!zoneBlock) return text;
  const at = text.indexOf('BEGIN:VEVENT');
  const cut = at >= 0 ? at : text.lastIndexOf('END:VCALENDAR');
  return `${text.slice(0, cut)}${zoneBlock}\r\n${text.slice(cut)}`;
}
