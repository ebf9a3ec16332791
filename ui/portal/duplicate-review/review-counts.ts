export type ReviewMember = {
  id: string;
  name: string;
  email: string;
  /** Same e-mail as an existing member or an earlier row. */
  duplicate: boolean;
  /** A duplicate the admin put back in (Undo / click). Ignored on non-duplicates. */
  allowedDupe: boolean;
};

export type ReviewCounts = {
  total: number;
  duplicates: number;
  /** Duplicates not re-allowed: left out of the send. */
  excluded: number;
  /** Non-duplicates plus re-allowed duplicates: the number of invitation codes. */
  included: number;
};

/** Whether a row will be sent. */
export const isIncluded = (member: Pick<ReviewMember, 'duplicate' | 'allowedDupe'>): boolean =>
  !member.duplicate || member.allowedDupe;

/** Counts for the review's summary line and for disabling 'Send Invitations' (included = 0). */
export function reviewCounts(members: readonly ReviewMember[]): ReviewCounts {
  let duplicates = 0;
  let excluded = 0;
  for (const member of members) {
    if (!member.duplicate) continue;
    duplicates += 1;
    if (!member.allowedDupe) excluded += 1;
  }
  return { total: members.length, duplicates, excluded, included: members.length - excluded };
}
