/**
 * Reads a Server-Sent Events answer (GET /api/events) in tests: each block as the browser's
 * EventSource would parse it (`event`, `data`, `id`), and comment lines (the heartbeat) as
 * `{ comment }`. `next(ms)` waits for the next block; `none(ms)` proves nothing came.
 */
export interface SseBlock {
  event?: string;
  data?: string;
  id?: string;
  comment?: string;
}

export function readSse(res: Response) {
  if (!res.body) throw new Error('no body to read');
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const blocks: SseBlock[] = [];
  let ended = false;
  let wake: (() => void) | null = null;
  const pump = async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let at: number;
        while ((at = buffer.indexOf('\n\n')) >= 0) {
          const text = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const block: SseBlock = {};
          for (const line of text.split('\n')) {
            if (line.startsWith(':')) block.comment = line.slice(1).trim();
            else {
              const colon = line.indexOf(':');
              const field = line.slice(0, colon);
              const value = line.slice(colon + 1).replace(/^ /, '');
              if (field === 'event' || field === 'data' || field === 'id') block[field] = value;
            }
          }
          blocks.push(block);
        }
        wake?.();
      }
    } catch {
      // cancelled
    }
    ended = true;
    wake?.();
  };
  void pump();

  async function next(ms = 2000): Promise<SseBlock> {
    const deadline = Date.now() + ms;
    while (blocks.length === 0) {
      if (ended) throw new Error('the stream ended');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no event within ${ms} ms`);
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, left);
      });
      wake = null;
    }
    return blocks.shift()!;
  }

  /** The next block that is not a heartbeat comment. */
  async function nextEvent(ms = 2000): Promise<SseBlock> {
    const deadline = Date.now() + ms;
    for (;;) {
      const block = await next(Math.max(1, deadline - Date.now()));
      if (!block.comment) return block;
    }
  }

  /** Waits `ms` and returns the events (not comments) that came meanwhile. */
  async function collect(ms: number): Promise<SseBlock[]> {
    await new Promise((resolve) => setTimeout(resolve, ms));
    const events = blocks.filter((b) => !b.comment);
    blocks.length = 0;
    return events;
  }

  return {
    next,
    nextEvent,
    collect,
    get ended() {
      return ended;
    },
    /** Resolves once the server has ended the stream. */
    async whenEnded(ms = 2000): Promise<void> {
      const deadline = Date.now() + ms;
      while (!ended) {
        if (Date.now() > deadline) throw new Error(`the stream still open after ${ms} ms`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close: () => reader.cancel().catch(() => undefined),
  };
}
