/**
 * @module The workspace's Download button: the project as a standalone app (`GET /api/projects/{id}/export.zip`,
 * any member), saved as a zip that runs outside Kiln with `npm install && npm run dev`. Fetched rather than
 * linked, so a refusal ("nothing to export yet") is a toast with the server's sentence, not a downloaded error.
 */
import { MESSAGES } from '@kiln/core/messages';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useToast } from '../use-toast.ts';
import { Spinner } from './Spinner.tsx';
import { Button } from './ui/button.tsx';

/** The file name the server suggests (`content-disposition`), else `app.zip`. */
function fileName(res: Response): string {
  return /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'app.zip';
}

export function ExportButton({ projectId }: { projectId: string }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const res = await fetch(`/api/projects/${encodeURIComponent(projectId)}/export.zip`, {
        credentials: 'same-origin',
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
        toast(body?.error?.message ?? MESSAGES.somethingWentWrong, 'error');
        return;
      }
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = fileName(res);
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 0);
      toast('Downloaded: unzip it, then run npm install && npm run dev.');
    } catch {
      toast(MESSAGES.somethingWentWrong, 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      type="button"
      variant="ghost"
      onClick={() => void download()}
      aria-disabled={busy || undefined}
      title="Download the project as an app that runs anywhere (Vite + React, npm install && npm run dev)"
      data-testid="export-download"
    >
      {busy ? <Spinner size={14} /> : <Download size={14} aria-hidden="true" />}
      Download
    </Button>
  );
}
