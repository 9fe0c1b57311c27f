import { Flame } from 'lucide-react';

/** The Kiln mark and word. */
export function Logo({ size = 'md' }: { size?: 'md' | 'lg' }) {
  return (
    <span className={`logo logo-${size}`}>
      <span className="logo-mark" aria-hidden="true">
        <Flame size={size === 'lg' ? 20 : 16} strokeWidth={2.25} />
      </span>
      <span className="logo-word">Kiln</span>
    </span>
  );
}
