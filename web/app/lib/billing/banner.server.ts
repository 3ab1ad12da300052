// The promotional banner's discount code, asked of the billing service (`GET orders/discounts/
// banner`) and kept in this web server's memory for a while, so pages do not each pay a call for
// a code that changes rarely. A failed call shows the banner without a code and is kept as such
// for the same while (a billing service that is down is not asked on every page).
import type { ApiClient } from '../api.ts';
import { billingApi } from './api.ts';

export const BANNER_CODE_TTL_MS = 60_000;

export interface BannerCodeCache {
  /** The code to show (null: none), from memory while fresh, else asked once for all waiting pages. */
  get(api: ApiClient): Promise<string | null>;
}

export function createBannerCodeCache(
  options: { ttlMs?: number; now?: () => number; onError?: (error: unknown) => void } = {},
): BannerCodeCache {
  const { ttlMs = BANNER_CODE_TTL_MS, now = Date.now, onError = () => {} } = options;
  let kept: { code: string | null; until: number } | null = null;
  let asking: Promise<string | null> | null = null;
  return {
    get(api) {
      if (kept && now() < kept.until) return Promise.resolve(kept.code);
      asking ??= billingApi
        .bannerDiscount(api)
        .then(
          (answer) => answer.code,
          (error: unknown) => {
            onError(error);
            return null;
          },
        )
        .then((code) => {
          kept = { code, until: now() + ttlMs };
          return code;
        })
        .finally(() => {
          asking = null;
        });
      return asking;
    },
  };
}

/** The web server's one cache of the banner's code. */
export const bannerCodeCache = createBannerCodeCache({
  onError: (error) => console.error('the promotional banner’s code could not be read', error),
});
