import { clsx } from 'clsx';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { Link, type LinkProps } from 'react-router';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

const base =
  'inline-flex items-center justify-center gap-2 rounded-xl px-5 min-h-11 text-sm font-semibold transition-colors ' +
  'outline-none data-[focus-visible]:ring-4 data-[focus-visible]:ring-brand-200 focus-visible:ring-4 focus-visible:ring-brand-200 ' +
  'disabled:opacity-50 data-[disabled]:opacity-50 data-[disabled]:cursor-not-allowed whitespace-nowrap';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 data-[pressed]:bg-brand-900',
  secondary: 'bg-white text-brand-700 border border-brand-200 hover:bg-brand-50',
  ghost: 'bg-transparent text-ink hover:bg-surface',
  danger: 'bg-danger text-white hover:opacity-90',
};

export function buttonClass(variant: ButtonVariant = 'primary', extra?: string): string {
  return clsx(base, variants[variant], extra);
}

export interface ButtonProps extends AriaButtonProps {
  variant?: ButtonVariant;
  className?: string;
}

/** The accessible button (react-aria): keyboard, touch and focus handling done right. */
export function Button({ variant = 'primary', className, ...props }: ButtonProps) {
  return <AriaButton {...props} className={buttonClass(variant, className)} />;
}

/** A link that looks like a button: navigation stays a real <a>. */
export function ButtonLink({ variant = 'primary', className, ...props }: LinkProps & { variant?: ButtonVariant }) {
  return <Link {...props} className={buttonClass(variant, className as string | undefined)} />;
}
