import * as z from 'zod/mini';
import {
  ALERT_COLUMNS,
  COLUMN_LAYOUT_MAX,
  DEVICE_COLUMNS,
  REQUIRED_ALERT_COLUMN,
  REQUIRED_DEVICE_COLUMN,
  THEMES,
} from '@domain/preferences';
import { defineEndpoint } from './endpoint';

/**
 * The signed-in administrator's own preferences (docs/decisions/060-column-chooser-and-command-
 * palette.md): kept on the server per administrator, so they follow them to another browser; one
 * administrator never reads or changes another's (the session names whose they are).
 */
export const Theme = z.enum(THEMES);
export type Theme = z.infer<typeof Theme>;

const noRepeats = (ids: readonly string[]) => new Set(ids).size === ids.length;

/**
 * A table's column layout: known ids only, each at most once, at most as many as the table has;
 * the required column cannot be hidden.
 */
function columnLayout<const Ids extends readonly [string, ...string[]]>(
  ids: Ids,
  required: Ids[number],
) {
  const list = z
    .array(z.enum(ids))
    .check(
      z.maxLength(Math.min(ids.length, COLUMN_LAYOUT_MAX)),
      z.refine(noRepeats, { message: 'A column is listed twice' }),
    );
  return z.strictObject({
    order: list,
    hidden: list.check(
      z.refine((hidden) => !hidden.includes(required), {
        message: `The ${required} column cannot be hidden`,
      }),
    ),
  });
}

export const DeviceColumnLayout = columnLayout(DEVICE_COLUMNS, REQUIRED_DEVICE_COLUMN);
export type DeviceColumnLayout = z.infer<typeof DeviceColumnLayout>;
export const AlertColumnLayout = columnLayout(ALERT_COLUMNS, REQUIRED_ALERT_COLUMN);
export type AlertColumnLayout = z.infer<typeof AlertColumnLayout>;

/** null: the table's default layout ("Reset to default" stores null). */
export const Preferences = z.object({
  theme: Theme,
  deviceColumns: z.nullable(DeviceColumnLayout),
  alertColumns: z.nullable(AlertColumnLayout),
});
export type Preferences = z.infer<typeof Preferences>;

/** An administrator who never saved a preference: the system's theme, the default layouts. */
export const DEFAULT_PREFERENCES: Preferences = {
  theme: 'system',
  deviceColumns: null,
  alertColumns: null,
};

/** Any subset; a field left out keeps its value; an unknown field is refused. */
export const UpdatePreferencesBody = z.strictObject({
  theme: z.optional(Theme),
  deviceColumns: z.optional(z.nullable(DeviceColumnLayout)),
  alertColumns: z.optional(z.nullable(AlertColumnLayout)),
});
export type UpdatePreferencesBody = z.infer<typeof UpdatePreferencesBody>;

export const getPreferences = defineEndpoint({
  method: 'GET',
  path: '/me/preferences',
  response: Preferences,
});

export const updatePreferences = defineEndpoint({
  method: 'PATCH',
  path: '/me/preferences',
  body: UpdatePreferencesBody,
  response: Preferences,
});
