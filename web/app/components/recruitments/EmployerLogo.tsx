import { logoUrl } from '../../lib/employer/types.ts';

/** The employer's logo, or its initial when there is none (decorative: the brand is written beside it). */
export function EmployerLogo({
  logo,
  brand,
  size = 48,
}: {
  logo: string | null | undefined;
  brand: string;
  size?: 48 | 64;
}) {
  // The posting carries the logo's public path, or the file's id the files service serves.
  const src = logo ? (logo.startsWith('/') ? logo : logoUrl(logo, size === 64 ? 128 : 64)) : null;
  const box = size === 64 ? 'size-16' : 'size-12';
  return src ? (
    <img src={src} alt="" width={size} height={size} className={`${box} shrink-0 rounded-xl object-cover`} />
  ) : (
    <span
      aria-hidden="true"
      className={`${box} grid shrink-0 place-items-center rounded-xl bg-brand-50 text-lg font-bold text-brand-700`}
    >
      {brand.slice(0, 1)}
    </span>
  );
}
