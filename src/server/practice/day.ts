// A practice day is a calendar day where the trainees live (the same zone every date the app
// shows is written in), not the server's: a server on UTC would otherwise end the Argentine day
// at 21:00. Argentina has had no daylight saving time since 2009, so a day is always 24 hours.

export const PRACTICE_TIME_ZONE = 'America/Argentina/Buenos_Aires';

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: PRACTICE_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** The instants the day containing `now` starts and ends (the next day's start), in `PRACTICE_TIME_ZONE`. */
export function practiceDay(now: Date): { start: Date; end: Date } {
  const parts = partsFormat.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const [year, month, day] = [part('year'), part('month'), part('day')];
  // The zone's offset at `now`: its wall-clock time read as if it were UTC, minus the instant.
  const wallClock = Date.UTC(year, month - 1, day, part('hour'), part('minute'), part('second'));
  const offset = wallClock - (now.getTime() - now.getUTCMilliseconds());
  return {
    start: new Date(Date.UTC(year, month - 1, day) - offset),
    end: new Date(Date.UTC(year, month - 1, day + 1) - offset),
  };
}
