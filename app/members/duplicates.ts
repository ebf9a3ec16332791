/**
 * The duplicate rule (docs/product/members.md, 'Duplicates'), as pure functions.
 *
 * A member is a duplicate when its e-mail matches an existing member of the organization
 * (case-insensitive) or an earlier entry of the list. Duplicates are left out unless re-allowed;
 * the number of codes sent is the new non-duplicates plus the re-allowed duplicates.
 */

export interface CandidateMember {
  id: string;
  name: string;
  email: string;
}

export interface ReviewMember extends CandidateMember {
  duplicate: boolean;
  allowedDupe: boolean;
}

const normal = (email: string) => email.trim().toLowerCase();

export function markDuplicates(
  candidates: readonly CandidateMember[],
  existingEmails: Iterable<string>,
): ReviewMember[] {
  const seen = new Set<string>();
  for (const email of existingEmails) seen.add(normal(email));
  return candidates.map((member) => {
    const key = normal(member.email);
    const duplicate = seen.has(key);
    seen.add(key);
    return { ...member, duplicate, allowedDupe: false };
  });
}

/** Members that will receive a code: non-duplicates and re-allowed duplicates. */
export function membersToSend(members: readonly ReviewMember[]): ReviewMember[] {
  return members.filter((m) => !m.duplicate || m.allowedDupe);
}

export function countCodes(members: readonly ReviewMember[]): number {
  return membersToSend(members).length;
}

/** Clicking a duplicate row (or its 'Undo') toggles it in and out; other rows do not change. */
export function toggleDuplicate(members: readonly ReviewMember[], id: string): ReviewMember[] {
  return members.map((m) =>
    m.id === id && m.duplicate ? { ...m, allowedDupe: !m.allowedDupe } : m,
  );
}

/** 'Undo all': every duplicate is re-allowed. */
export function allowAllDuplicates(members: readonly ReviewMember[]): ReviewMember[] {
  return members.map((m) => (m.duplicate ? { ...m, allowedDupe: true } : m));
}

/** Send is possible when not busy and something would be sent. */
export function canSend(members: readonly ReviewMember[], busy: boolean): boolean {
  return !busy && countCodes(members) > 0;
}
