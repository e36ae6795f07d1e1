import { Suspense, useState, type MouseEvent, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import { NavMenuContext, type NavMenuItem } from '@/components/nav-menu-context';
import { lazyPart } from '@/lib/loadable';

/** The drawer's code (app-drawer.tsx). */
const { Component: AppDrawer, onReach: reachDrawer } = lazyPart(() => import('./app-drawer'), 'AppDrawer');

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

  // On a phone the drawer (and its code) is first rendered when first opened; reaching for the menu button
  // starts loading it.
  const [mobileUsed, setMobileUsed] = useState(false);
  const drawerProps = { menu, home, pathname, withLogout, wide, compact, width, onClose: closeMobile };

  return (
    <NavMenuContext.Provider value={menu}>
      {/* The top bar is fixed: what the page scrolls to (the first field a Save refused, a #fragment) stops below
          it, not under it (WCAG 2.4.11, focus not obscured). */}
      <GlobalStyles styles={{ html: { scrollPaddingTop: 80 } }} />
      <Box sx={{ display: 'flex', minHeight: '100vh' }}>
        {/* WCAG 2.4.1: the first tab stop skips the top bar and the menu; seen only when focused. */}
        <Box
          component="a"
          href="#main-content"
          onClick={(event: MouseEvent) => {
            event.preventDefault();
            document.getElementById('main-content')?.focus();
          }}
          sx={{
            position: 'fixed',
            left: 8,
            top: -48,
            zIndex: theme.zIndex.tooltip,
            px: 2,
            py: 1,
            bgcolor: 'background.paper',
            color: 'primary.main',
            border: 2,
            borderColor: 'primary.main',
            borderRadius: 1,
            '&:focus': { top: 8 },
          }}
        >
          Skip to main content
        </Box>
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
              {...(wide ? {} : reachDrawer)}
              onClick={() => {
                if (wide) {
                  setCollapsed((value) => !value);
                } else {
                  setMobileUsed(true);
                  setMobileOpen(true);
                }
              }}
            >
              {wide && !collapsed ? <MenuOpenIcon /> : <MenuIcon />}
            </IconButton>
            <Box sx={{ flex: 1, minWidth: 0 }}>{title}</Box>
            {actions}
          </Toolbar>
        </AppBar>

        {wide ? (
          // The drawer's width is kept while its code loads, so the page does not move when it comes.
          <Suspense fallback={<Box sx={{ width, flexShrink: 0 }} />}>
            <AppDrawer {...drawerProps} open={false} />
          </Suspense>
        ) : (
          mobileUsed && (
            <Suspense fallback={null}>
              <AppDrawer {...drawerProps} open={mobileOpen} />
            </Suspense>
          )
        )}

        <Box component="main" id="main-content" tabIndex={-1} sx={{ flex: 1, minWidth: 0, outline: 'none' }}>
          <Toolbar />
          <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1440, mx: 'auto' }}>
            <Outlet />
          </Box>
        </Box>
      </Box>
    </NavMenuContext.Provider>
  );
}
