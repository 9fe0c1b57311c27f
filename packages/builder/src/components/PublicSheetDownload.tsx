import { Download } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../api.ts';
import type { DatabaseBranch } from '../database-queries.ts';
import { fetchPublicSheetCsv } from '../public-sheet-queries.ts';
import { FormAlert } from './FormAlert.tsx';
import { Spinner } from './Spinner.tsx';
import { Button } from './ui/button.tsx';

/** "Download CSV" for the public-sheet table: every submission, a column per form field. */
export function PublicSheetDownload({ projectId, branch }: { projectId: string; branch: DatabaseBranch }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const download = async () => {
    setBusy(true);
    setError('');
    try {
      const csv = await fetchPublicSheetCsv(projectId, branch);
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `public-sheet-${branch === 'main' ? 'published' : 'preview'}.csv`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="db-sheet-download">
      <Button type="button" variant="ghost" onClick={() => void download()} disabled={busy}>
        {busy ? <Spinner size={14} /> : <Download size={14} aria-hidden="true" />}
        Download CSV
      </Button>
      {error ? <FormAlert message={error} /> : null}
    </div>
  );
}
