import { useMatches } from 'react-router';

/** Per-page layout options (spec §2): opt out of header or footer, or show the promo banner. */
export interface PageHandle {
  header?: boolean;
  footer?: boolean;
  banner?: boolean;
}

export function usePageHandle(): Required<PageHandle> {
  const merged: Required<PageHandle> = { header: true, footer: true, banner: false };
  for (const match of useMatches()) Object.assign(merged, (match.handle as PageHandle | undefined) ?? {});
  return merged;
}
