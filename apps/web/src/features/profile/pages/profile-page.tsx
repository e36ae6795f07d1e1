import { useState } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import { PageHeader } from '@/components/page-header';
import { ChangePasswordDialog } from '../components/change-password-dialog';
import { ProfileActions } from '../components/profile-actions';
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
        <ProfileActions sx={{ px: 2, py: 1.5, gap: 1 }} onChangePassword={() => setChangingPassword(true)} />
      </Card>
      <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
    </>
  );
}
