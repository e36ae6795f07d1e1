import { Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import type { ExportFormat } from '@hrpay/contracts';
import { apiClient, saveFile } from '@/lib/api-client';
import { handleError } from '@/lib/error-handler';
import { lazyPart } from '@/lib/loadable';

/** The formats menu's code: on the first pointer, touch or focus on the button, else its click. */
const { Component: ExportMenu, onReach: reachMenu } = lazyPart(() => import('./export-menu'), 'ExportMenu');

/**
 * "Export" on a list page: the list's current search, filters and sort as XLSX or CSV, every matching row (up
 * to 100,000), from `POST {path}`.
 */
export function ExportButton({
  path,
  request,
  fileName,
}: {
  path: string;
  /** The list request on screen; paging is left out. */
  request: object;
  fileName: string;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  // Mounted from the first open on, so closing it still plays its exit transition.
  const [menuUsed, setMenuUsed] = useState(false);

  const download = async (format: ExportFormat) => {
    setAnchor(null);
    setBusy(true);
    try {
      const { Page: _page, PageSize: _size, ...filters } = request as Record<string, unknown>;
      const file = await apiClient.downloadPost(path, { ...filters, Format: format });
      saveFile(file, `${fileName}.${format}`);
    } catch (error) {
      handleError(error, 'The export could not be made.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <FileDownloadOutlined />}
        disabled={busy}
        aria-haspopup="menu"
        {...reachMenu}
        onClick={(event) => {
          setMenuUsed(true);
          setAnchor(event.currentTarget);
        }}
      >
        Export
      </Button>
      {menuUsed && (
        <Suspense fallback={null}>
          <ExportMenu
            anchor={anchor}
            onClose={() => setAnchor(null)}
            onPick={(format) => void download(format)}
          />
        </Suspense>
      )}
    </>
  );
}
