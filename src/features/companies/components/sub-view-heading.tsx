import { useEffect, useRef, type ReactNode } from 'react';

/** The heading of a sub-view; it takes the focus when the sub-view opens (screen readers follow). */
export function SubViewHeading({ id, children }: { id: string; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <h2 id={id} ref={ref} tabIndex={-1} className="companies-subview-title">
      {children}
    </h2>
  );
}
