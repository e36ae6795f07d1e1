import type { SxProps, Theme } from '@mui/material/styles';
import Button from '@mui/material/Button';
import CardActions from '@mui/material/CardActions';
import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import { logout } from '@/lib/logout';

/** The Change Password and Logout buttons of the profile card (spec §2), in the popup and on /profile. */
export function ProfileActions({
  onChangePassword,
  sx,
}: {
  onChangePassword: () => void;
  sx?: SxProps<Theme>;
}) {
  return (
    <CardActions sx={sx}>
      <Button startIcon={<LockResetOutlined />} onClick={onChangePassword}>
        Change Password
      </Button>
      <Button color="error" startIcon={<LogoutOutlined />} onClick={() => void logout()}>
        Logout
      </Button>
    </CardActions>
  );
}
