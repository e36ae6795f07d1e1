import { createTheme } from '@mui/material/styles';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true;
  }
}

/** Light grey page background of spec §2; the same value is in index.html so the first paint matches. */
export const PAGE_BACKGROUND = '#f5f5f5';
export const BRAND_PRIMARY = '#0b4f8a';

export const theme = createTheme({
  breakpoints: { values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } },
  palette: {
    primary: { main: BRAND_PRIMARY },
    secondary: { main: '#00897b' },
    background: { default: PAGE_BACKGROUND, paper: '#ffffff' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: "Roboto, 'Segoe UI', Helvetica, Arial, sans-serif",
    h4: { fontWeight: 600 },
    h5: { fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
  },
});
