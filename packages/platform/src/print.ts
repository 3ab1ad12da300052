// Printed pages (spec §9): CSS lays them out in px, paper is measured in pt, and one CSS pixel is
// 0.75 pt (96 px and 72 pt to the inch). Anything printed (the invoice PDF) takes its page and
// margins in pt and lays out in px through these, so the page and the paper agree. Browser-safe.

export const PX_TO_PT = 0.75;

export function pxToPt(px: number): number {
  return px * PX_TO_PT;
}

export function ptToPx(pt: number): number {
  return pt / PX_TO_PT;
}

/** ISO A4 in points: 210 × 297 mm, at 72 pt to the inch of 25.4 mm. */
export const A4_PT = { width: (210 / 25.4) * 72, height: (297 / 25.4) * 72 } as const;
