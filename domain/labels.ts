/**
 * Value lists carry the texts the portal shows for them (quoted word for word in docs/product/) as
 * a `Record` beside the list, so adding a value is one edit here and TypeScript points at every
 * place that must follow. `labelled` turns a list and its texts into the options of a dropdown.
 */

/** A value with the text shown for it: a dropdown option, a filter choice. */
export interface Labelled<V extends string> {
  value: V;
  label: string;
}

/** The options of a value list, in the list's order. */
export function labelled<V extends string>(
  values: readonly V[],
  labels: Readonly<Record<V, string>>,
): Labelled<V>[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

/** An on/off setting shown as a dropdown travels as these option values. */
export const ON_OFF_VALUES = ['true', 'false'] as const;
export type OnOffValue = (typeof ON_OFF_VALUES)[number];

/** Screen lock quarantine and Threat Alert Emails read 'Enabled' / 'Disabled'. */
export const ENABLED_DISABLED_LABELS: Readonly<Record<OnOffValue, string>> = {
  true: 'Enabled',
  false: 'Disabled',
};
