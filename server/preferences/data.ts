/**
 * The signed-in administrator's own preferences (docs/decisions/060-column-chooser-and-command-
 * palette.md). Every read and write names the administrator AND their organization (the session's
 * `user.id` and `org.id`), so one administrator's row is never another's. No row: the defaults.
 */
import { and, eq } from 'drizzle-orm';
import {
  DEFAULT_PREFERENCES,
  type Preferences,
  type UpdatePreferencesBody,
} from '@contract/preferences';
import type { Database } from '../db';
import { adminPreferences } from '../db/schema';

export { DEFAULT_PREFERENCES };

export interface AdminRef {
  userId: number;
  orgId: number;
}

const columns = {
  theme: adminPreferences.theme,
  deviceColumns: adminPreferences.deviceColumns,
  alertColumns: adminPreferences.alertColumns,
};

export async function findPreferences(db: Database, admin: AdminRef): Promise<Preferences> {
  const [row] = await db
    .select(columns)
    .from(adminPreferences)
    .where(and(eq(adminPreferences.userId, admin.userId), eq(adminPreferences.orgId, admin.orgId)))
    .limit(1);
  return row ? (row as Preferences) : { ...DEFAULT_PREFERENCES };
}

/** A partial update: fields left out keep their value. Returns the preferences afterwards. */
export async function updatePreferences(
  db: Database,
  admin: AdminRef,
  update: UpdatePreferencesBody,
  now: Date,
): Promise<Preferences> {
  const changes: Partial<Preferences> = {};
  if (update.theme !== undefined) changes.theme = update.theme;
  if (update.deviceColumns !== undefined) changes.deviceColumns = update.deviceColumns;
  if (update.alertColumns !== undefined) changes.alertColumns = update.alertColumns;
  // The row's key is the administrator alone; the conflict update is guarded by the
  // organization too, so a row of the same user id in another organization (impossible today:
  // users belong to one) is never overwritten.
  await db
    .insert(adminPreferences)
    .values({ ...admin, ...DEFAULT_PREFERENCES, ...changes, updatedAt: now })
    .onConflictDoUpdate({
      target: adminPreferences.userId,
      set: { ...changes, updatedAt: now },
      setWhere: eq(adminPreferences.orgId, admin.orgId),
    });
  return findPreferences(db, admin);
}
