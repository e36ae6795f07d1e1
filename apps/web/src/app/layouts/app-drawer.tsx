import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import { useTheme } from '@mui/material/styles';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import { MENU_ICONS } from '@/components/menu-icons';
import { Logo } from '@/components/logo';
import type { NavMenuItem } from '@/components/nav-menu-context';
import { logout } from '@/lib/logout';

export interface AppDrawerProps {
  menu: readonly NavMenuItem[];
  home: string;
  pathname: string;
  withLogout: boolean;
  /** Wide screens: docked beside the page (`compact`: icons only). Narrow: over the page while `open`. */
  wide: boolean;
  compact: boolean;
  width: number;
  open: boolean;
  onClose: () => void;
}

const isActive = (item: NavMenuItem, pathname: string, home: string) => {
  const target = item.to === '/' ? home : item.to;
  return pathname === target || pathname.startsWith(`${target}/`);
};

/**
 * The side drawer of the signed-in frame (app-frame.tsx): logo, the user type's menu and Logout. Loaded on its
 * own (issue 11): on a phone it is closed when a page first paints, and its code (MUI's Drawer with its modal,
 * focus trap and slide transition, the list, the tooltips of the collapsed drawer, the menu's icons) is some
 * 40 kB that would otherwise hold up every signed-in page's first paint. Wide screens load it at once.
 */
export function AppDrawer({
  menu,
  home,
  pathname,
  withLogout,
  wide,
  compact,
  width,
  open,
  onClose,
}: AppDrawerProps) {
  const theme = useTheme();
  const drawerContent = (
    <>
      <Toolbar sx={{ px: compact ? 2 : 2.5 }}>
        <Box component={RouterLink} to={home} onClick={onClose} sx={{ textDecoration: 'none' }}>
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
                    onClick={onClose}
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

  return wide ? (
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
      open={open}
      onClose={onClose}
      sx={{ '& .MuiDrawer-paper': { width, boxSizing: 'border-box' } }}
    >
      {drawerContent}
    </Drawer>
  );
}
