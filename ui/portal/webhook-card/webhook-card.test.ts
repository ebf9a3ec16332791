import { describe, expect, it } from 'vitest';

import { canSaveWebhook } from './webhook-card';

describe('canSaveWebhook', () => {
  it('needs a URL that is not only spaces', () => {
    expect(canSaveWebhook('', false)).toBe(false);
    expect(canSaveWebhook('   ', false)).toBe(false);
    expect(canSaveWebhook('https://hooks.example.com', false)).toBe(true);
  });

  it('is false while saving', () => {
    expect(canSaveWebhook('https://hooks.example.com', true)).toBe(false);
  });
});
