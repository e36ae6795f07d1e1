import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { ExportFormat } from '@hrpay/contracts';

/**
 * The formats menu of the list's Export button (export-button.tsx), loaded with the first reach for the button:
 * MUI's Menu brings its popover, modal and focus trap, which a list's first paint does not need (issue 11).
 */
export function ExportMenu({
  anchor,
  onClose,
  onPick,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
  onPick: (format: ExportFormat) => void;
}) {
  return (
    <Menu anchorEl={anchor} open={!!anchor} onClose={onClose}>
      <MenuItem onClick={() => onPick('xlsx')}>Excel (XLSX)</MenuItem>
      <MenuItem onClick={() => onPick('csv')}>CSV</MenuItem>
    </Menu>
  );
}
