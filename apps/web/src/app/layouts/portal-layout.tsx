import Typography from '@mui/material/Typography';
import { useSession } from '@/lib/use-session';
import { homeFor, portalMenu } from '../navigation';
import { AppQueries } from '../app-queries';
import { AppFrame } from './app-frame';
import { UserChip } from './user-chip';

const menu = portalMenu();

/** Portal layout (spec §2): titled Employee Portal, with the user's full name, profile menu and portal drawer. */
export function PortalLayout() {
  const user = useSession();
  return (
    <AppQueries>
      <AppFrame
        menu={menu}
        home={homeFor(user?.userType)}
        withLogout={false}
        title={
          <Typography variant="h6" component="div" noWrap>
            Employee Portal
          </Typography>
        }
        actions={user && <UserChip fullName={user.name} caption={user.company} />}
      />
    </AppQueries>
  );
}
