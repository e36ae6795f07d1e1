import { Link as RouterLink, NavLink, Outlet } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Logo } from '@/components/logo';
import { useSession } from '@/lib/use-session';
import { homeFor } from '../navigation';

const SITE_LINKS = [
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
  { to: '/support', label: 'Support' },
] as const;

/** Public pages: a header with the logo and site links, the page, a footer. */
export function PublicLayout() {
  const user = useSession();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar
        position="static"
        color="inherit"
        elevation={0}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Container maxWidth="lg">
          <Toolbar disableGutters sx={{ gap: 2 }}>
            <Box
              component={RouterLink}
              to="/"
              sx={{ textDecoration: 'none', mr: 'auto' }}
              aria-label="HRPAY home"
            >
              <Logo />
            </Box>
            <Box
              component="nav"
              aria-label="Site"
              // On a phone a signed-in visitor's header has room for the way back only; the footer keeps the links.
              sx={{ display: { xs: user ? 'none' : 'flex', sm: 'flex' }, gap: { xs: 0, sm: 1 } }}
            >
              {SITE_LINKS.map((link) => (
                <Button
                  key={link.to}
                  component={NavLink}
                  to={link.to}
                  color="inherit"
                  sx={{ '&.active': { color: 'primary.main' } }}
                >
                  {link.label}
                </Button>
              ))}
            </Box>
            {user && (
              <Button
                component={RouterLink}
                to={homeFor(user.userType)}
                variant="contained"
                sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
              >
                My dashboard
              </Button>
            )}
          </Toolbar>
        </Container>
      </AppBar>
      <Box component="main" sx={{ flex: 1, py: { xs: 3, md: 6 } }}>
        <Container maxWidth="lg">
          <Outlet />
        </Container>
      </Box>
      <Box
        component="footer"
        sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', py: 3 }}
      >
        <Container
          maxWidth="lg"
          sx={{
            display: 'flex',
            gap: 2,
            flexWrap: 'wrap',
            justifyContent: 'space-between',
            alignItems: 'center',
          }}
        >
          <Typography variant="body2" color="text.secondary">
            © {new Date().getFullYear()} HRPAY · Human resources and payroll for Philippine companies
          </Typography>
          <Box component="nav" aria-label="Site, footer" sx={{ display: 'flex', gap: 2 }}>
            {SITE_LINKS.map((link) => (
              <Link key={link.to} component={RouterLink} to={link.to} variant="body2" color="text.secondary">
                {link.label}
              </Link>
            ))}
          </Box>
        </Container>
      </Box>
    </Box>
  );
}
