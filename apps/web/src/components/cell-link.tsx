import Link from '@mui/material/Link';

/**
 * A grid cell's text that opens its row: as wide as the cell at most and cut by an ellipsis there, with the whole
 * text as its title. (A plain button grew past the cell and was clipped mid-letter, and hovering it scrolled the
 * cell's text sideways.)
 */
export function CellLink({ text, onOpen }: { text: string; onOpen: () => void }) {
  return (
    <Link
      component="button"
      type="button"
      onClick={onOpen}
      title={text}
      sx={{
        display: 'block',
        maxWidth: '100%',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        textAlign: 'left',
      }}
    >
      {text}
    </Link>
  );
}
