import { RefreshCw } from 'lucide-react';
import { Spinner } from './Spinner.tsx';
import { Button } from './ui/button.tsx';

/** Refresh, with a spinner while a read is under way. */
export function RefreshButton({ loading, onClick }: { loading: boolean; onClick: () => void }) {
  return (
    <Button type="button" variant="ghost" onClick={onClick} disabled={loading}>
      {loading ? <Spinner size={14} /> : <RefreshCw size={14} aria-hidden="true" />}
      Refresh
    </Button>
  );
}
