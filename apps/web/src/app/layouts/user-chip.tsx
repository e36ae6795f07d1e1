import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ProfileMenu } from '@/features/profile/components/profile-menu';

/** The right side of a signed-in top bar: the user's full name and the profile menu. */
export function UserChip({ fullName, caption }: { fullName: string; caption?: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box sx={{ textAlign: 'right', display: { xs: 'none', sm: 'block' } }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="user-full-name">
          {fullName}
        </Typography>
        {caption && (
          <Typography variant="caption" color="text.secondary">
            {caption}
          </Typography>
        )}
      </Box>
      <ProfileMenu fullName={fullName} />
    </Box>
  );
}
