// 'Duración (mm:ss)' of a module video given by its address: what the instructor reads and types,
// and the seconds the API takes.
import { MODULE_VIDEO_MAX_SECONDS, MODULE_VIDEO_MIN_SECONDS } from '../../../shared/schemas/content.ts';

/** '3:25', '1:02:05': whole seconds as minutes and seconds (hours first when there are any). */
export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  const [hours, minutes, rest] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const pad = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(rest)}` : `${minutes}:${pad(rest)}`;
}

/**
 * The seconds of 'mm:ss' or 'h:mm:ss' as typed ('3:25', '03:25', '1:02:05', spaces around allowed);
 * undefined for anything else, or a length a module video cannot have (under 0:10, over 24 hours).
 */
export function parseDuration(text: string): number | undefined {
  const match = /^(?:(\d{1,2}):)?(\d{1,4}):(\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  const [hours, minutes, seconds] = [Number(match[1] ?? 0), Number(match[2]), Number(match[3])];
  if (seconds > 59 || (match[1] !== undefined && minutes > 59)) return undefined;
  const total = hours * 3600 + minutes * 60 + seconds;
  return total >= MODULE_VIDEO_MIN_SECONDS && total <= MODULE_VIDEO_MAX_SECONDS ? total : undefined;
}
