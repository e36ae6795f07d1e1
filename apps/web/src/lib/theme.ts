import { createTheme } from '@mui/material/styles';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true;
  }
}

/** Light grey page background of spec §2; the same value is in index.html so the first paint matches. */
export const PAGE_BACKGROUND = '#f5f5f5';
export const BRAND_PRIMARY = '#0b4f8a';
/**
 * Status colours darker than MUI's defaults (#ed6c02 at 3.1:1, #0288d1 at 3.9:1 against white), so a chip's
 * text reaches WCAG 1.4.3's 4.5:1 both ways: the colour on white (outlined) and white on the colour (filled).
 * Amber 5.0:1 and blue 5.9:1 against white, 4.6:1 and 5.4:1 on the page's grey.
 */
export const WARNING_MAIN = '#b45309';
export const INFO_MAIN = '#0369a1';

export const theme = createTheme({
  breakpoints: { values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } },
  palette: {
    primary: { main: BRAND_PRIMARY },
    // Teal 700, not 600 (#00897b, 4.3:1): white on it reaches 4.5:1 (the statutory tables' company chip).
    secondary: { main: '#00796b' },
    warning: { main: WARNING_MAIN },
    info: { main: INFO_MAIN },
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
    // An unselected toggle's text in text.secondary (5.3:1 on the page's grey), not action.active (4.47:1).
    // The selected and disabled states keep their own, more specific colours.
    MuiToggleButton: {
      styleOverrides: { root: ({ theme }) => ({ color: theme.palette.text.secondary }) },
    },
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
