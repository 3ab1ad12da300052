import { useLocation, useNavigation } from 'react-router';
import { useT } from '../../i18n/index.ts';
import { LogoMark } from '../ui/Logo.tsx';

/** The loading logo shown while the router fetches the next page (spec §2). */
export function LoadingOverlay() {
  const t = useT();
  const navigation = useNavigation();
  const location = useLocation();
  const changingPage = navigation.state === 'loading' && navigation.location.pathname !== location.pathname;
  if (!changingPage) return null;
  return (
    <div
      className="fixed inset-0 z-[60] flex items-center justify-center bg-white/70 backdrop-blur-[1px]"
      role="status"
      aria-label={t('app.loading')}
      data-testid="loading-overlay"
    >
      <LogoMark className="size-16 animate-logo" />
    </div>
  );
}
