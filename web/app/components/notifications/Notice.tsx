import type { ReactNode } from 'react';

/** A message that stays on the page (a status region: screen readers hear it when it appears). */
export function SuccessNotice({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p
      role="status"
      className="mb-6 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm font-medium text-emerald-900"
      data-testid={testId}
    >
      {children}
    </p>
  );
}
