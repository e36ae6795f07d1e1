import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Popover from '@mui/material/Popover';
import { ProfileActions } from './profile-actions';
import { ProfileDetails } from './profile-details';

/**
 * The popup card titled Profile (spec §2) under the top bar's profile button. Loaded with the first reach for
 * the button (profile-menu.tsx), not with every signed-in page (issue 11): the popover, its transition and the
 * card are some 25 kB of code a page's first paint does not show.
 */
export function ProfilePopover({
  anchor,
  onClose,
  onChangePassword,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
  onChangePassword: () => void;
}) {
  return (
    <Popover
      open={anchor !== null}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      <Card variant="elevation" elevation={0} sx={{ width: 320, maxWidth: '100%' }}>
        <CardHeader
          title="Profile"
          slotProps={{ title: { id: 'profile-card-title', variant: 'h6', component: 'h2' } }}
          sx={{ pb: 0 }}
        />
        <CardContent>
          <ProfileDetails />
        </CardContent>
        <Divider />
        <ProfileActions
          sx={{ justifyContent: 'space-between', px: 2, py: 1.5 }}
          onChangePassword={onChangePassword}
        />
      </Card>
    </Popover>
  );
}
