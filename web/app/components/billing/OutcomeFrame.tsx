import type { ReactNode } from 'react';

/** How an outcome reads at a glance: done, not done, or waiting for the bank (the colour only repeats the words). */
export type OutcomeTone = 'success' | 'fail' | 'waiting';

const TONES: Record<OutcomeTone, { mark: string; className: string }> = {
  success: { mark: '✓', className: 'bg-emerald-50 text-emerald-700' },
  fail: { mark: '!', className: 'bg-red-50 text-danger' },
  waiting: { mark: '!', className: 'bg-amber-50 text-amber-800' },
};

/** The frame of a payment's outcome page: the mark, the heading, what happened (announced), then the details and the way on. */
export function OutcomeFrame({
  tone,
  title,
  text,
  testId,
  children,
}: {
  tone: OutcomeTone;
  title: string;
  text: string;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <div
      className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 px-4 py-16 text-center"
      data-testid={testId}
    >
      <span
        aria-hidden="true"
        className={`grid size-16 place-items-center rounded-full text-3xl ${TONES[tone].className}`}
      >
        {TONES[tone].mark}
      </span>
      <h1 className="text-2xl font-extrabold">{title}</h1>
      <p role="status" data-testid="outcome-text">
        {text}
      </p>
      {children}
    </div>
  );
}
