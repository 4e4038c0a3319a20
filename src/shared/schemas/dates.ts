// Dates as the forms send them, one rule for every date the product stores: a real day
// (yyyy-mm-dd) or an instant (ISO 8601 with its offset), within FIRST_YEAR and LAST_YEAR. Each
// form keeps its own text for a date that is no date at all.
import * as z from 'zod/mini';
import { FIRST_YEAR, isDay, isYearInRange, LAST_YEAR } from '../calendar.ts';
import { messages } from '../messages.ts';

const outOfRange = messages.dateOutOfRange(FIRST_YEAR, LAST_YEAR);

/** A day, yyyy-mm-dd, that exists and falls within the years the product stores. */
export const dayInputSchema = (invalid: string) =>
  z.string({ error: invalid }).check(z.refine(isDay, { error: invalid, abort: true }), z.refine(isYearInRange, outOfRange));

/** An instant with its offset ('2026-03-10T19:00:00-03:00'), within the years the product stores (in the course's zone). */
export const instantInputSchema = (invalid: string) =>
  z.iso.datetime({ offset: true, error: invalid }).check(
    // A string that is no instant already has its message.
    z.refine((value) => Number.isNaN(Date.parse(value)) || isYearInRange(new Date(value)), outOfRange),
  );
