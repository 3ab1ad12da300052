import { useEffect, useRef } from 'react';

/**
 * While a modal is open it owns one history entry, so the browser's back button closes
 * it (spec §2). Closing it any other way removes that entry again.
 */
export function useModalHistory(isOpen: boolean, close: () => void, enabled = true): void {
  const pushed = useRef(false);
  const closeRef = useRef(close);
  closeRef.current = close;

  useEffect(() => {
    if (!enabled) return;
    if (isOpen && !pushed.current) {
      window.history.pushState({ ...(window.history.state as object), modal: true }, '');
      pushed.current = true;
      const onPop = () => {
        pushed.current = false;
        closeRef.current();
      };
      window.addEventListener('popstate', onPop, { once: true });
      return () => window.removeEventListener('popstate', onPop);
    }
    if (!isOpen && pushed.current) {
      pushed.current = false;
      window.history.back();
    }
  }, [isOpen, enabled]);
}
