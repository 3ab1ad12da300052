import type { ReactNode } from 'react';

/** The common frame of a content page: a heading band and a readable column. */
export function Page({
  title,
  intro,
  children,
  testId,
}: {
  title: string;
  intro?: string;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <div data-testid={testId}>
      <div className="border-b border-line bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-4xl px-4 py-10">
          <h1 className="text-3xl font-extrabold text-brand-900">{title}</h1>
          {intro && <p className="mt-3 text-lg text-muted">{intro}</p>}
        </div>
      </div>
      <div className="mx-auto w-full max-w-4xl px-4 py-10">{children}</div>
    </div>
  );
}
