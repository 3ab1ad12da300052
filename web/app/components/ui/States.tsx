import type { ReactNode } from 'react';

/** What a section shows when it has nothing (yet): a calm message, never invented data. */
export function EmptyState({ title, children }: { title?: string; children?: ReactNode }) {
  return (
    <div
      className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-line bg-surface px-6 py-10 text-center"
      data-testid="empty-state"
    >
      <svg
        viewBox="0 0 24 24"
        className="size-9 text-brand-500"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <rect x="3" y="5" width="18" height="15" rx="3" />
        <path d="M8 5V3.5h8V5M9 12.5h6M12 9.5v6" />
      </svg>
      {title && <p className="font-semibold text-ink">{title}</p>}
      {children && <div className="text-sm text-muted">{children}</div>}
    </div>
  );
}

export function Spinner({ label }: { label: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2 text-sm text-muted">
      <span
        aria-hidden="true"
        className="size-4 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600"
      />
      <span>{label}</span>
    </span>
  );
}

/** A placeholder block while content loads (keeps the layout from jumping). */
export function Skeleton({ className = 'h-4 w-full' }: { className?: string }) {
  return <span aria-hidden="true" className={`block animate-pulse rounded-lg bg-line ${className}`} />;
}
