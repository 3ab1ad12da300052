// Images are never stored as sent: decoded, turned upright, stripped of their metadata
// (EXIF, GPS, ICC comments) and re-encoded, which also drops anything hidden after the pixels.
import sharp from 'sharp';
import { DomainError } from '@darmankar/platform/errors/domain-error';

export interface ImageSettings {
  /** WebP quality (§9: 75). */
  quality: number;
  /** More pixels than this is refused before decoding. */
  maxPixels: number;
}

export const IMAGE_MEDIA_TYPE = 'image/webp';

export interface ReencodedImage {
  full: Buffer;
  /** Width to image, for each width asked for. */
  variants: Map<number, Buffer>;
}

/**
 * Re-encodes `bytes` at most `fullWidth` wide (and high), plus one copy per width of `widths`.
 * Dimensions are read from the header first, so a decompression bomb is refused before a
 * single pixel is decoded.
 */
export async function reencodeImage(
  bytes: Uint8Array,
  fullWidth: number,
  widths: readonly number[],
  settings: ImageSettings,
): Promise<ReencodedImage> {
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    throw new DomainError('EXC_FILES_INVALID_MIME_TYPE');
  }
  if (!width || !height) throw new DomainError('EXC_FILES_INVALID_MIME_TYPE');
  if (width * height > settings.maxPixels) throw new DomainError('EXC_FILES_IMAGE_DIMENSIONS_TOO_LARGE');
  const encode = (maxWidth: number, maxHeight: number) =>
    sharp(bytes, { limitInputPixels: settings.maxPixels, failOn: 'error' })
      .rotate()
      .resize({ width: maxWidth, height: maxHeight, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: settings.quality })
      .toBuffer();
  try {
    const full = await encode(fullWidth, fullWidth);
    const variants = new Map<number, Buffer>();
    // Width-bound only: a tall picture keeps its proportions at each width.
    for (const variantWidth of widths) variants.set(variantWidth, await encode(variantWidth, variantWidth * 8));
    return { full, variants };
  } catch {
    // Truncated or corrupt pixel data behind a valid header.
    throw new DomainError('EXC_FILES_INVALID_MIME_TYPE');
  }
}
