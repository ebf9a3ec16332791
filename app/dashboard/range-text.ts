/** '1–50 of 249 devices': where this page sits in the whole list (docs/decisions/044). */
export function rangeText(page: number, pageSize: number, shown: number, total: number): string {
  const first = Math.min((page - 1) * pageSize + 1, total);
  const last = Math.min(first + shown - 1, total);
  return `${first}–${Math.max(first, last)} of ${total} ${total === 1 ? 'device' : 'devices'}`;
}
