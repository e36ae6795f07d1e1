import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The HRPAY word mark: a rounded square with the initials and, unless compact, the name. */
export function Logo({ compact = false, inverse = false }: { compact?: boolean; inverse?: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }} aria-label="HRPAY" role="img">
      <Box
        sx={{
          width: 36,
          height: 36,
          borderRadius: 1.5,
          bgcolor: inverse ? 'common.white' : 'primary.main',
          color: inverse ? 'primary.main' : 'common.white',
          display: 'grid',
          placeItems: 'center',
          fontWeight: 800,
          fontSize: 14,
          letterSpacing: '0.04em',
          flexShrink: 0,
        }}
        aria-hidden
      >
        HP
      </Box>
      {!compact && (
        <Typography
          component="span"
          aria-hidden
          sx={{
            fontWeight: 800,
            letterSpacing: '0.12em',
            fontSize: 18,
            color: inverse ? 'common.white' : 'primary.main',
          }}
        >
          HRPAY
        </Typography>
      )}
    </Box>
  );
}
