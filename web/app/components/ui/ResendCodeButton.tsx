import { useLocale, useT } from '../../i18n/index.ts';
import { localDigits } from '../../lib/format.ts';
import { mmss } from '../../lib/use-countdown.ts';
import { Button, type ButtonProps } from './Button.tsx';

/** "Send the code again", disabled with the time left until a resend is allowed. */
export function ResendCodeButton({
  secondsLeft,
  busy,
  ...props
}: Omit<ButtonProps, 'children' | 'isDisabled'> & { secondsLeft: number; busy: boolean }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Button type="submit" variant="ghost" isDisabled={busy || secondsLeft > 0} className="px-2" {...props}>
      {secondsLeft > 0 ? t('verify.resendIn', { time: localDigits(mmss(secondsLeft), locale) }) : t('verify.resend')}
    </Button>
  );
}
