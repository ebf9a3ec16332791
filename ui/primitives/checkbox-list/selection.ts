/**
 * Selection by id, independent of which items are visible: toggling adds the id at the end or
 * removes it; nothing else moves. Returns the same array when nothing changes.
 */
export function toggleSelection(
  selected: readonly string[],
  id: string,
  checked: boolean,
): string[] {
  const has = selected.includes(id);
  if (checked === has) return selected as string[];
  return checked ? [...selected, id] : selected.filter((s) => s !== id);
}

/**
 * Whether reaching the bottom should ask for more: the sentinel is visible, more exist, nothing is
 * loading, and this list (identified by `listKey`) has not been asked for already.
 */
export function shouldLoadMore(state: {
  visible: boolean;
  hasMore: boolean;
  loading: boolean;
  listKey: string;
  requestedFor: string | null;
}): boolean {
  return state.visible && state.hasMore && !state.loading && state.requestedFor !== state.listKey;
}
