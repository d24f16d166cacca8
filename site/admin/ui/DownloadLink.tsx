/**
 * A download that goes through the back office's HTTP client (docs/decisions/145-re-authentication.md):
 * exports need a recent proof of identity, and a plain `<a href download>` would save the API's 403
 * instead of opening the re-authentication dialog. The link keeps its address (open in a new tab, copy)
 * and its name; a click fetches the file, then saves it under the server's name (`Content-Disposition`,
 * which a plain link's download used too), else `filename`.
 */
import { useState, type MouseEvent, type ReactNode } from 'react';
import { errorMessage, http } from '../lib/http.ts';
import { toastError } from '../stores/toast.ts';

/** The name in `Content-Disposition: attachment; filename="…"`. */
function serverFileName(headers: Headers): string | undefined {
  return /filename="([^"]+)"/.exec(headers.get('content-disposition') ?? '')?.[1];
}

/** Saves `blob` as the browser saves a download. */
export function saveBlob(blob: Blob, filename: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = filename;
  link.click();
  // After the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
}

export function DownloadLink(props: { href: string; filename?: string; className?: string; children: ReactNode }) {
  const [busy, setBusy] = useState(false);

  async function download(event: MouseEvent<HTMLAnchorElement>) {
    // A click with a modifier (new tab, new window) stays the browser's.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const response = await http.get(props.href);
      saveBlob(await response.blob(), serverFileName(response.headers) ?? props.filename ?? 'export.csv');
    } catch (error) {
      toastError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <a href={props.href} download={props.filename ?? true} onClick={(event) => void download(event)} aria-busy={busy || undefined} className={props.className}>
      {props.children}
    </a>
  );
}
