/**
 * A device's OS history for its drawer (docs/product/dashboard.md, 'Device detail'): each version
 * it reported, newest first, with when it first reported it. Pure: the versions seen come in (each
 * report's from device_reports, the enrolment's from its audit event), and the device's current
 * version with when it enrolled, which stands in when nothing else names it (reports received
 * before 0026 kept no version).
 */
export interface SeenVersion {
  version: string;
  firstSeenAt: Date;
}

export function osHistory(
  reported: readonly SeenVersion[],
  current: { version: string | null; since: Date | null },
  limit: number,
): Array<{ version: string; firstSeenAt: string }> {
  const first = new Map<string, Date>();
  for (const v of reported) {
    const known = first.get(v.version);
    if (!known || v.firstSeenAt < known) first.set(v.version, v.firstSeenAt);
  }
  const versions = [...first].map(([version, firstSeenAt]) => ({ version, firstSeenAt }));
  if (
    current.version !== null &&
    current.since !== null &&
    !versions.some((v) => v.version === current.version)
  ) {
    versions.push({ version: current.version, firstSeenAt: current.since });
  }
  return versions
    .toSorted((a, b) => b.firstSeenAt.getTime() - a.firstSeenAt.getTime())
    .slice(0, limit)
    .map((v) => ({ version: v.version, firstSeenAt: v.firstSeenAt.toISOString() }));
}
