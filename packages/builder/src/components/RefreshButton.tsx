import { RefreshCw } from 'lucide-react';
import { Spinner } from './Spinner.tsx';

/** Refresh, with a spinner while a read is under way. */
export function RefreshButton({ loading, onClick }: { loading: boolean; onClick: () => void }) {
  return (
    <button type="button" className="button button-ghost" onClick={onClick} disabled={loading}>
      {loading ? <Spinner size={14} /> : <RefreshCw size={14} aria-hidden="true" />}
      Refresh
    </button>
  );
}
