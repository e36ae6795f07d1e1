import { useState } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import { PageHeader } from '@/components/page-header';
import { useBasicInfo } from '../api/basic-info';
import { ChangePasswordDialog } from '../components/change-password-dialog';
import { ProfileActions } from '../components/profile-actions';
import { ProfileDetails } from '../components/profile-details';

/** /profile: the same information as the profile menu, on a page of its own. */
export default function ProfilePage() {
  const [changingPassword, setChangingPassword] = useState(false);
  // An account without an employee record (the Admin's, often) has no record for HR to correct.
  const { data } = useBasicInfo();
  const unlinked = data !== undefined && data.EmployeeNumber == null;
  return (
    <>
      <PageHeader
        subtitle={
          unlinked
            ? 'Your sign-in account: change its password or log out here.'
            : 'Your employee record as HR keeps it. Ask HR to correct anything that is wrong.'
        }
      />
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
