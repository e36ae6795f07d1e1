import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import { PageHeader } from '@/components/page-header';
import { logout } from '@/lib/logout';
import { ChangePasswordDialog } from '../components/change-password-dialog';
import { ProfileDetails } from '../components/profile-details';

/** /profile: the same information as the profile menu, on a page of its own. */
export default function ProfilePage() {
  const [changingPassword, setChangingPassword] = useState(false);
  return (
    <>
      <PageHeader subtitle="Your employee record as HR keeps it. Ask HR to correct anything that is wrong." />
      <Card sx={{ maxWidth: 560 }}>
        <CardContent>
          <ProfileDetails />
        </CardContent>
        <Divider />
        <CardActions sx={{ px: 2, py: 1.5, gap: 1 }}>
          <Button
            variant="outlined"
            startIcon={<LockResetOutlined />}
            onClick={() => setChangingPassword(true)}
          >
            Change Password
          </Button>
          <Button color="error" startIcon={<LogoutOutlined />} onClick={() => void logout()}>
            Logout
          </Button>
        </CardActions>
      </Card>
      <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
    </>
  );
}
