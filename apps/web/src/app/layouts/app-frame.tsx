import { useState, type ReactNode } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import { MENU_ICONS } from '@/components/menu-icons';
import { Logo } from '@/components/logo';
import { NavMenuContext, type NavMenuItem } from '@/components/nav-menu-context';
import { logout } from '@/lib/logout';

const DRAWER_WIDTH = 256;
const DRAWER_COLLAPSED_WIDTH = 72;

export interface AppFrameProps {
  menu: readonly NavMenuItem[];
  /** Where the `/` menu destination really leads for this user (it redirects there). */
  home: string;
  /** Left part of the top bar (company name, portal title). */
  title: ReactNode;
  /** Right part of the top bar (user name, profile menu). */
  actions: ReactNode;
  /** A Logout item at the end of the drawer menu. */
  withLogout: boolean;
}

const isActive = (item: NavMenuItem, pathname: string, home: string) => {
  const target = item.to === '/' ? home : item.to;
  return pathname === target || pathname.startsWith(`${target}/`);
};

/**
 * The signed-in frame shared by the staff and portal layouts: a top bar and a side drawer that collapses to
 * icons on wide screens and slides over the page on narrow ones.
 */
export function AppFrame({ menu, home, title, actions, withLogout }: AppFrameProps) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [collapsed, setCollapsed] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const { pathname } = useLocation();

  const compact = wide && collapsed;
  const width = compact ? DRAWER_COLLAPSED_WIDTH : DRAWER_WIDTH;
  const closeMobile = () => setMobileOpen(false);

  const drawerContent = (
    <>
      <Toolbar sx={{ px: compact ? 2 : 2.5 }}>
        <Box component={RouterLink} to={home} onClick={closeMobile} sx={{ textDecoration: 'none' }}>
          <Logo compact={compact} />
        </Box>
      </Toolbar>
      <Divider />
      <Box
        component="nav"
        aria-label="Main navigation"
        sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden' }}
      >
        <List sx={{ px: 1 }}>
          {menu.map((item) => {
            const active = isActive(item, pathname, home);
            const Icon = MENU_ICONS[item.icon];
            return (
              // Each entry is a list item (li): a link straight inside the ul is not a list item to a screen reader.
              <ListItem key={item.label} disablePadding>
                <Tooltip title={compact ? item.label : ''} placement="right">
                  <ListItemButton
                    component={RouterLink}
                    to={item.to}
                    selected={active}
                    aria-current={active ? 'page' : undefined}
                    onClick={closeMobile}
                    sx={{ borderRadius: 1, mb: 0.25, minHeight: 44 }}
                  >
                    <ListItemIcon
                      sx={{ minWidth: compact ? 0 : 40, color: active ? 'primary.main' : undefined }}
                    >
                      <Icon aria-hidden />
                    </ListItemIcon>
                    {!compact && <ListItemText primary={item.label} />}
                  </ListItemButton>
                </Tooltip>
              </ListItem>
            );
          })}
        </List>
        {withLogout && (
          <>
            <Divider sx={{ mx: 1 }} />
            <List sx={{ px: 1 }}>
              <ListItem disablePadding>
                <Tooltip title={compact ? 'Logout' : ''} placement="right">
                  <ListItemButton onClick={() => void logout()} sx={{ borderRadius: 1, minHeight: 44 }}>
                    <ListItemIcon sx={{ minWidth: compact ? 0 : 40 }}>
                      <LogoutOutlined aria-hidden />
                    </ListItemIcon>
                    {!compact && <ListItemText primary="Logout" />}
                  </ListItemButton>
                </Tooltip>
              </ListItem>
            </List>
          </>
        )}
      </Box>
    </>
  );

  return (
    <NavMenuContext.Provider value={menu}>
      <Box sx={{ display: 'flex', minHeight: '100vh' }}>
        <AppBar
          position="fixed"
          color="inherit"
          elevation={0}
          sx={{
            borderBottom: 1,
            borderColor: 'divider',
            width: wide ? `calc(100% - ${width}px)` : '100%',
            ml: wide ? `${width}px` : 0,
            transition: theme.transitions.create(['width', 'margin']),
          }}
        >
          <Toolbar sx={{ gap: 1 }}>
            <IconButton
              edge="start"
              aria-label={wide ? (collapsed ? 'Expand menu' : 'Collapse menu') : 'Open menu'}
              onClick={() => (wide ? setCollapsed((value) => !value) : setMobileOpen(true))}
            >
              {wide && !collapsed ? <MenuOpenIcon /> : <MenuIcon />}
            </IconButton>
            <Box sx={{ flex: 1, minWidth: 0 }}>{title}</Box>
            {actions}
          </Toolbar>
        </AppBar>

        {wide ? (
          <Drawer
            variant="permanent"
            sx={{
              width,
              flexShrink: 0,
              transition: theme.transitions.create('width'),
              '& .MuiDrawer-paper': {
                width,
                overflowX: 'hidden',
                transition: theme.transitions.create('width'),
                boxSizing: 'border-box',
              },
            }}
          >
            {drawerContent}
          </Drawer>
        ) : (
          <Drawer
            variant="temporary"
            open={mobileOpen}
            onClose={closeMobile}
            sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
          >
            {drawerContent}
          </Drawer>
        )}

        <Box component="main" sx={{ flex: 1, minWidth: 0 }}>
          <Toolbar />
          <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1440, mx: 'auto' }}>
            <Outlet />
          </Box>
        </Box>
      </Box>
    </NavMenuContext.Provider>
  );
}
