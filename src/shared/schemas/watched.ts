// What a student's player sends about the module video: the intervals played since its last
// report, the video's duration and where the playhead is now.
import * as z from 'zod/mini';
import { messages } from '../messages.ts';
import { watchedSchema } from './content.ts';

/** A day: no module video is longer. */
export const WATCHED_DURATION_MAX = 24 * 60 * 60;
/** Intervals in one report; a player sends a few every ten seconds. */
export const WATCHED_INTERVALS_MAX = 200;
/** Players may report a time a little past the end (rounding); such times are cut to the duration. */
const END_SLACK = 1;

const seconds = (error: string) => z.number({ error }).check(z.gte(0, error));

export const watchedInputSchema = z
  .object({
    duration: z
      .number({ error: messages.watchedDuration })
      .check(z.gt(0, messages.watchedDuration), z.lte(WATCHED_DURATION_MAX, messages.watchedDuration)),
    position: seconds(messages.watchedPosition),
    intervals: z
      .array(z.tuple([seconds(messages.watchedInterval), seconds(messages.watchedInterval)], { error: messages.watchedInterval }), {
        error: messages.watchedInterval,
      })
      .check(z.maxLength(WATCHED_INTERVALS_MAX, messages.watchedTooMany)),
  })
  .check(
    z.refine((input) => input.position <= input.duration + END_SLACK, { error: messages.watchedPosition, path: ['position'] }),
    z.refine((input) => input.intervals.every(([from, to]) => from <= to && to <= input.duration + END_SLACK), {
      error: messages.watchedInterval,
      path: ['intervals'],
    }),
  );
export type WatchedInput = z.infer<typeof watchedInputSchema>;

export const watchedResponseSchema = z.object({ watched: watchedSchema });
