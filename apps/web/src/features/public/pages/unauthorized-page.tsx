import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import { homeFor } from '@/lib/user-type-routes';
import { useSession } from '@/lib/use-session';

/** /unauthorized: the page exists, but not for this user's type. */
export default function UnauthorizedPage() {
  const user = useSession();
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 4, md: 8 }, maxWidth: 560, mx: 'auto' }}>
      <BlockOutlined color="error" sx={{ fontSize: 64 }} aria-hidden />
      <Typography variant="h4" component="h1" sx={{ mt: 2 }}>
        Access denied
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        Your account does not have access to that page. If you need it for your work, ask your administrator.
      </Typography>
      <Button component={RouterLink} to={user ? homeFor(user.userType) : '/'} variant="contained">
        {user ? 'Go to my dashboard' : 'Go to the home page'}
      </Button>
    </Box>
  );
}
