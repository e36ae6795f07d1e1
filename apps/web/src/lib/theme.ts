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
    // On a phone a dialog keeps 16 px of the page around it, not MUI's 32: a date field's "mm/dd/yyyy" fits
    // half a form's width.
    MuiDialog: {
      styleOverrides: {
        paper: ({ theme }) => ({
          [theme.breakpoints.down('sm')]: {
            '&&': { margin: theme.spacing(2), maxWidth: `calc(100% - ${theme.spacing(4)})` },
            '&&.MuiDialog-paperFullWidth': { width: `calc(100% - ${theme.spacing(4)})` },
            '&&.MuiDialog-paperScrollPaper': { maxHeight: `calc(100% - ${theme.spacing(4)})` },
          },
        }),
      },
    },
    MuiDialogTitle: {
      styleOverrides: {
        root: ({ theme }) => ({ [theme.breakpoints.down('sm')]: { paddingInline: theme.spacing(2) } }),
      },
    },
    MuiDialogContent: {
      styleOverrides: {
        root: ({ theme }) => ({ [theme.breakpoints.down('sm')]: { paddingInline: theme.spacing(2) } }),
      },
    },
  },
});
