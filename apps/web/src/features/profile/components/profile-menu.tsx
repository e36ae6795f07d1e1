import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import { useBasicInfo } from '../api/basic-info';
import { ChangePasswordDialog } from './change-password-dialog';
import { ProfileActions } from './profile-actions';
import { ProfileDetails } from './profile-details';

export const initialsOf = (fullName: string) =>
  fullName
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase())
    .filter((_, index, all) => index === 0 || index === all.length - 1)
    .join('') || '?';

/**
 * The profile button of the top bar and its popup card titled Profile (spec §2). The information loads as
 * soon as the layout shows (not on first open), so the card opens filled.
 */
export function ProfileMenu({ fullName }: { fullName: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [changingPassword, setChangingPassword] = useState(false);
  useBasicInfo();

  return (
    <>
      <IconButton
        aria-label="Profile"
        aria-haspopup="dialog"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        size="small"
      >
        <Avatar sx={{ width: 36, height: 36, bgcolor: 'primary.main', fontSize: 15 }}>
          {initialsOf(fullName)}
        </Avatar>
      </IconButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
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
            onChangePassword={() => {
              setAnchor(null);
              setChangingPassword(true);
            }}
          />
        </Card>
      </Popover>
      <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
    </>
  );
}
