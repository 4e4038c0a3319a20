// Notices (Web Push and email, per kind) and the personal calendar feed: what 'Mi cuenta' →
// 'Avisos' and 'Calendario' send and receive.
import * as z from 'zod/mini';

/** What a trainee is told about. */
export const traineeNoticeKinds = ['correction', 'forumReply', 'lessonTomorrow', 'instalmentDue', 'examOpen', 'licenceExpiry'] as const;
/** What a course's team is told about (as correctors of the course). */
export const staffNoticeKinds = ['submission', 'question'] as const;
export const noticeKinds = [...traineeNoticeKinds, ...staffNoticeKinds] as const;
export type NoticeKind = (typeof noticeKinds)[number];
export type TraineeNoticeKind = (typeof traineeNoticeKinds)[number];

/** How email comes for a kind: at once, in the daily summary (staff kinds only), or never. */
export const noticeEmailChoices = ['immediate', 'daily', 'never'] as const;
export type NoticeEmail = (typeof noticeEmailChoices)[number];

const traineeChannel = z.object({ push: z.boolean(), email: z.enum(['immediate', 'never']) });
const staffChannel = z.object({ push: z.boolean(), email: z.enum(noticeEmailChoices) });

export const noticePreferencesSchema = z.object({
  correction: traineeChannel,
  forumReply: traineeChannel,
  lessonTomorrow: traineeChannel,
  instalmentDue: traineeChannel,
  examOpen: traineeChannel,
  licenceExpiry: traineeChannel,
  submission: staffChannel,
  question: staffChannel,
});
export type NoticePreferences = z.infer<typeof noticePreferencesSchema>;
export type NoticeChannel = { push: boolean; email: NoticeEmail };
export const updateNoticePreferencesSchema = z.partial(noticePreferencesSchema);

/** A browser's push subscription as `PushSubscription.toJSON()` gives it. */
export const pushSubscriptionInputSchema = z.object({
  endpoint: z.string().check(
    z.maxLength(2000),
    z.refine((value) => /^https:\/\/[^\s]+$/.test(value), 'La dirección de avisos del navegador no es válida.'),
  ),
  keys: z.object({
    p256dh: z.string().check(z.regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'La clave de avisos del navegador no es válida.')),
    auth: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, 'La clave de avisos del navegador no es válida.')),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;
export const pushEndpointSchema = z.object({ endpoint: z.string().check(z.minLength(1), z.maxLength(2000)) });

/** 'Avisos': the key the browser subscribes with, and which of this person's devices the server knows. */
export const pushStatusSchema = z.object({ publicKey: z.string(), endpoints: z.array(z.string()) });

/** What a notice carries to the phone: one line, and the page it opens. */
export const noticePayloadSchema = z.object({ title: z.string(), body: z.string(), url: z.string(), tag: z.string() });
export type NoticePayload = z.infer<typeof noticePayloadSchema>;

/** 'Calendario': the private address (https and webcal) and Google Calendar's link to add it. */
export const calendarAddressSchema = z.object({ url: z.string(), webcal: z.string(), google: z.string() });
export type CalendarAddress = z.infer<typeof calendarAddressSchema>;
