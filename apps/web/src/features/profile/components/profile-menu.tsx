import { lazy, Suspense, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import { useBasicInfo } from '../api/basic-info';
import { ProfileActions } from './profile-actions';
import { ProfileDetails } from './profile-details';

// The dialog (its form, validation and zod) loads when first asked for, not with every signed-in page
// (issue 11): the top bar is on every staff and portal page.
const ChangePasswordDialog = lazy(async () => ({
  default: (await import('./change-password-dialog')).ChangePasswordDialog,
}));

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
  // Mounted from the first open on, so closing it still plays its exit transition.
  const [passwordDialogUsed, setPasswordDialogUsed] = useState(false);
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
              setPasswordDialogUsed(true);
              setChangingPassword(true);
            }}
          />
        </Card>
      </Popover>
      {passwordDialogUsed && (
        <Suspense fallback={null}>
          <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
        </Suspense>
      )}
    </>
  );
}
