import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

const cut = { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/**
 * A grid cell of two lines: the value, and under it a detail in small grey type (each cut by an ellipsis; line
 * heights of their own, not the grid cell's row-high one). Lets a narrow column show what a reader checks first;
 * the whole text is its title.
 */
/** The main line is text, or a chip and the like, which then needs the `title` that says it in words. */
type TwoLinesCellProps =
  | { main: string; detail: string | null; title?: string }
  | { main: ReactNode; detail: string | null; title: string };

export function TwoLinesCell({ main, detail, title }: TwoLinesCellProps) {
  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', minWidth: 0 }}
      // Either line may be cut: the whole text on hover.
      title={title ?? (detail ? `${String(main)} — ${detail}` : String(main))}
    >
      <Box component="span" sx={{ ...cut, lineHeight: 1.43 }}>
        {main}
      </Box>
      {/* Read and copied as "Separated Dec 31, 2026" (white space between flex items is not drawn). */}
      {detail && ' '}
      {detail && (
        <Box
          component="span"
          sx={{ ...cut, typography: 'caption', lineHeight: 1.33, color: 'text.secondary' }}
        >
          {detail}
        </Box>
      )}
    </Box>
  );
}
