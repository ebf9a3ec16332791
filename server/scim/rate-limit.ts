/**
 * The SCIM service's request budget: a token bucket per organization (and one per client address
 * for requests whose token is wrong), so one identity provider's full sync cannot starve the
 * portal, and guessing tokens is slow. Over budget: 429 with Retry-After. In memory: one server
 * process (docs/decisions/050-scim.md).
 */
export interface ScimRateLimit {
  /** Requests allowed at once. */
  burst: number;
  /** Requests added back per second. */
  perSecond: number;
}

/** Okta and Entra ID send well under this (Entra ID ~ 25/s at most during an initial cycle). */
export const DEFAULT_SCIM_RATE_LIMIT: ScimRateLimit = { burst: 600, perSecond: 100 };

const MAX_KEYS = 10_000;

export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly limit: ScimRateLimit,
    private readonly now: () => Date,
  ) {}

  /** Takes one request from `key`'s budget: 0 when allowed, else the seconds to wait. */
  take(key: string): number {
    const at = this.now().getTime();
    const bucket = this.buckets.get(key) ?? { tokens: this.limit.burst, at };
    const tokens = Math.min(
      this.limit.burst,
      bucket.tokens + ((at - bucket.at) / 1000) * this.limit.perSecond,
    );
    if (tokens < 1) {
      this.buckets.set(key, { tokens, at });
      return Math.max(1, Math.ceil((1 - tokens) / this.limit.perSecond));
    }
    if (this.buckets.size >= MAX_KEYS && !this.buckets.has(key)) this.buckets.clear();
    this.buckets.set(key, { tokens: tokens - 1, at });
    return 0;
  }
}
