/**
 * A calculator's headline result: screen readers announce it as it changes (aria-live), and it lights up while the
 * visitor's last change is fresh (`highlighted`, from useHighlight). `marker` is the data attribute tests find it by.
 */
import type { ReactNode } from 'react';

interface Props {
  highlighted: boolean;
  /** Size, spacing and transition classes of the figure. */
  className: string;
  marker: `data-${string}`;
  children: ReactNode;
}

export default function LiveFigure({ highlighted, className, marker, children }: Props) {
  return (
    <p
      className={`${className} ${highlighted ? 'bg-white/15 text-amber-300' : ''}`}
      aria-live="polite"
      {...{ [marker]: '' }}
      data-highlighted={highlighted ? '' : undefined}
    >
      {children}
    </p>
  );
}
