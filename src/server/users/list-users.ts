import { and, asc, count, eq, inArray, like, notInArray, sql, type SQL } from 'drizzle-orm';
import { USERS_PAGE_SIZE, type UserList } from '../../shared/schemas/access.ts';
import type { Db } from '../db/client.ts';
import { account, activity, SEARCH_FROM, SEARCH_TO, user } from '../db/schema.ts';
import { qualified } from '../db/qualified.ts';

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The same folding the database applies to `search_text`: lower case, no accents. */
export const fold = (text: string) =>
  [...text]
    .map((c) => SEARCH_TO[SEARCH_FROM.indexOf(c)] ?? c)
    .join('')
    .toLowerCase();

/**
 * One page of the admin's user list: users with a submission awaiting correction first, then
 * everyone else, each group by name. Pending users are few, so they are read whole and the
 * rest is paged straight off the name index: fast with a hundred thousand users.
 */
export async function listUsers(db: Db, options: { search?: string | undefined; page: number }): Promise<UserList> {
  const pageSize = USERS_PAGE_SIZE;
  const search = options.search?.trim();
  const matches: SQL | undefined = search ? like(user.searchText, `%${escapeLike(fold(search))}%`) : undefined;

  const pendingIds = (await db.selectDistinct({ userId: activity.userId }).from(activity).where(eq(activity.submitted, true))).map(
    (row) => row.userId,
  );

  const columns = {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    // No password yet: the invitation email's link was never used.
    invitationPending: sql<boolean>`not exists (select 1 from ${account} where ${account.userId} = ${qualified(user.id)} and ${account.providerId} = 'credential')`,
  };
  const pending = pendingIds.length
    ? await db
        .select(columns)
        .from(user)
        .where(and(inArray(user.id, pendingIds), matches))
        .orderBy(asc(user.name), asc(user.id))
    : [];
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(user).where(matches);

  const start = (options.page - 1) * pageSize;
  const fromPending = pending.slice(start, start + pageSize);
  const restOffset = Math.max(0, start - pending.length);
  const restLimit = pageSize - fromPending.length;
  const rest =
    restLimit > 0 && start < total
      ? await db
          .select(columns)
          .from(user)
          .where(and(matches, pendingIds.length ? notInArray(user.id, pendingIds) : undefined))
          .orderBy(asc(user.name), asc(user.id))
          .limit(restLimit)
          .offset(restOffset)
      : [];

  const pendingSet = new Set(pendingIds);
  return {
    users: [...fromPending, ...rest].map((u) => ({
      id: u.id,
      name: u.name,
      email: u.email,
      role: u.role === 'admin' ? 'admin' : 'student',
      pending: pendingSet.has(u.id),
      invitationPending: Boolean(u.invitationPending),
    })),
    total,
    page: options.page,
    pageSize,
  };
}
