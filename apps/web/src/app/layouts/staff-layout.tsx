import Typography from '@mui/material/Typography';
import { useSession } from '@/lib/use-session';
import { homeFor, staffMenuFor } from '../navigation';
import { AppQueries } from '../app-queries';
import { AppFrame } from './app-frame';
import { UserChip } from './user-chip';

const TYPE_LABEL: Record<string, string> = {
  Admin: 'Administrator',
  HRUser: 'Human Resources',
  PayrollUser: 'Payroll',
  PortalUser: 'Employee',
};

/** Staff layout (spec §2): drawer with logo, the type's menu and Logout; top bar with company, name, profile. */
export function StaffLayout() {
  const user = useSession();
  return (
    <AppQueries>
      <AppFrame
        menu={staffMenuFor(user?.userType)}
        home={homeFor(user?.userType)}
        withLogout
        title={
          <Typography variant="h6" component="div" noWrap data-testid="company-name">
            {user?.company}
          </Typography>
        }
        actions={user && <UserChip fullName={user.name} caption={TYPE_LABEL[user.userType]} />}
      />
    </AppQueries>
  );
}
