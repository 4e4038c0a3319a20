// 'Equipo del curso': the course's team and its dialog 'Agregar al equipo'.
import * as z from 'zod/mini';
import { staffRoles } from '../course-roles.ts';
import { teamMessages as m } from '../messages.ts';
import { emailSchema } from './auth.ts';
import { idSchema } from './content.ts';
import { userNameSchema } from './users.ts';

export const staffRoleSchema = z.enum(staffRoles, { error: m.unknownRole });

/** One or more roles, each once. */
export const staffRolesSchema = z.array(staffRoleSchema, { error: m.chooseRole }).check(
  z.minLength(1, m.chooseRole),
  z.maxLength(staffRoles.length, m.duplicateRole),
  z.refine((roles) => new Set(roles).size === roles.length, m.duplicateRole),
);

export const teamMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  roles: z.array(staffRoleSchema),
  /** When they joined the team (their first role). */
  addedAt: z.string(),
  /** Invited and not yet signed in for the first time. */
  invitationPending: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamSchema = z.object({ courseName: z.string(), members: z.array(teamMemberSchema) });
export type Team = z.infer<typeof teamSchema>;

/** 'Agregar al equipo': an existing person (`userId`), or someone new invited by email (`name`, `email`). */
export const addMemberSchema = z
  .object({
    userId: z.optional(idSchema),
    name: z.optional(userNameSchema),
    email: z.optional(emailSchema),
    roles: staffRolesSchema,
  })
  .check(
    z.refine((input) => input.userId !== undefined || (input.name !== undefined && input.email !== undefined), {
      error: m.choosePerson,
      path: ['userId'],
    }),
  );
export type AddMemberInput = z.infer<typeof addMemberSchema>;

export const memberRolesSchema = z.object({ roles: staffRolesSchema });

/** The dialog's search: people by name or email. */
export const candidatesQuerySchema = z.object({
  q: z.string({ error: m.searchTooShort }).check(z.trim(), z.minLength(2, m.searchTooShort), z.maxLength(200, m.searchTooShort)),
});
export const candidateSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  /** Already on the team (their roles), or a trainee of the course: not to add again. */
  roles: z.array(staffRoleSchema),
  trainee: z.boolean(),
  admin: z.boolean(),
});
export const candidatesSchema = z.object({ people: z.array(candidateSchema) });
export type Candidate = z.infer<typeof candidateSchema>;

/** The person's own teams: each course and their roles in it (the menus show only what they may do). */
export const myTeamsSchema = z.object({
  courses: z.array(z.object({ courseId: z.string(), courseName: z.string(), roles: z.array(staffRoleSchema) })),
});
export type MyTeams = z.infer<typeof myTeamsSchema>;
