import { ApiError } from '../api/client';

/** A catalogued failure with the server's detail after it ("error detail is shown with each"). */
export function withDetail(message: string, error: unknown): string {
  const detail = error instanceof ApiError ? error.messages.map((m) => m.text).join(' ') : '';
  return detail ? `${message} ${detail}` : message;
}
