/**
 * The duplicate rule (docs/product/members.md, "Duplicates") as the server applies it (the review
 * screen marks the same rows): a candidate whose e-mail (case-insensitive, trimmed) belongs to an
 * existing member or repeats an earlier candidate is a duplicate, and is skipped unless re-allowed.
 * Each entry of `allowedDuplicates` re-allows one duplicate row with that e-mail, in list order; a
 * re-allowed duplicate becomes a member of its own (one row is one enrolment seat).
 */
export interface Candidate {
  name: string;
  email: string;
}

export const emailKey = (email: string) => email.trim().toLowerCase();

export function selectMembersToCreate<C extends Candidate>(
  candidates: readonly C[],
  existingEmails: Iterable<string>,
  allowedDuplicates: readonly string[] = [],
): C[] {
  const seen = new Set<string>();
  for (const email of existingEmails) seen.add(emailKey(email));
  const allowance = new Map<string, number>();
  for (const email of allowedDuplicates) {
    const key = emailKey(email);
    allowance.set(key, (allowance.get(key) ?? 0) + 1);
  }
  const out: C[] = [];
  for (const candidate of candidates) {
    const key = emailKey(candidate.email);
    if (!seen.has(key)) {
      seen.add(key);
      out.push(candidate);
      continue;
    }
    const left = allowance.get(key) ?? 0;
    if (left > 0) {
      allowance.set(key, left - 1);
      out.push(candidate);
    }
  }
  return out;
}
