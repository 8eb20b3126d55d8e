export type LimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export const eventLimiterWindowMs = 60_000;
export const eventLimiterMaxAttempts = 5;
export const limiterCleanupIntervalMs = 5 * 60_000;

export class AttemptLimiter {
  private readonly attempts = new Map<string, number[]>();

  constructor(
    private readonly windowMs: number,
    private readonly maxAttempts: number,
  ) {}

  // Records the attempt when it is allowed; a refused attempt does not extend the wait.
  attempt(key: string, now: number): LimitResult {
    const recent = (this.attempts.get(key) ?? []).filter((time) => now - time < this.windowMs);
    if (recent.length >= this.maxAttempts) {
      this.attempts.set(key, recent);
      return { allowed: false, retryAfterSeconds: Math.ceil((recent[0] + this.windowMs - now) / 1000) };
    }
    recent.push(now);
    this.attempts.set(key, recent);
    return { allowed: true };
  }

  cleanup(now: number): void {
    for (const [key, times] of this.attempts) {
      const last = times[times.length - 1];
      if (last === undefined || now - last > 2 * this.windowMs) this.attempts.delete(key);
    }
  }

  size(): number {
    return this.attempts.size;
  }
}

export const eventLimiter = new AttemptLimiter(eventLimiterWindowMs, eventLimiterMaxAttempts);
