import { Flame } from 'lucide-react';
import { cn } from '../lib/cn.ts';

/** The Kiln mark and word. */
export function Logo({ size = 'md' }: { size?: 'md' | 'lg' }) {
  return (
    <span className="inline-flex items-center gap-2 text-ink">
      <span
        className={cn(
          'grid place-items-center bg-[linear-gradient(150deg,#f47a2f,var(--accent)_55%,var(--accent-strong))] text-on-accent shadow-[inset_0_1px_0_rgb(255_255_255/0.25)]',
          size === 'lg' ? 'size-[34px] rounded-md' : 'size-[26px] rounded-sm',
        )}
        aria-hidden="true"
      >
        <Flame size={size === 'lg' ? 20 : 16} strokeWidth={2.25} />
      </span>
      <span
        className={cn(
          'font-display font-bold tracking-[-0.02em]',
          size === 'lg' ? 'text-[22px]' : 'text-[17px]',
        )}
      >
        Kiln
      </span>
    </span>
  );
}
