import { useEffect, useState } from 'react';

/** Seconds left until `targetMs`, ticking every second in the browser. */
export function useCountdown(targetMs: number, serverNowMs: number): number {
  const [now, setNow] = useState(serverNowMs);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [targetMs]);
  return Math.max(0, Math.ceil((targetMs - now) / 1000));
}

export function mmss(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
