import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PersonOutline from '@mui/icons-material/PersonOutlined';
import type { SvgIconComponent } from '@mui/icons-material';

interface Entry {
  title: string;
  description: string;
  to: string;
  icon: SvgIconComponent;
}

const ENTRIES: Entry[] = [
  {
    title: 'Admin',
    description: 'Set up companies, invite users and import employee records.',
    to: '/admin/login',
    icon: AdminPanelSettingsOutlined,
  },
  {
    title: 'HR',
    description: 'Employee records, shifts, holidays, time logs, and leave, overtime and undertime requests.',
    to: '/hr/login',
    icon: BadgeOutlined,
  },
  {
    title: 'Payroll',
    description:
      'Payroll periods, SSS, PhilHealth, Pag-IBIG and withholding tax settings, payslips and reports.',
    to: '/payroll/login',
    icon: PaymentsOutlined,
  },
  {
    title: 'Employee Portal',
    description: 'File leave, overtime and undertime, and see your leave credits and payslips.',
    to: '/portal/login',
    icon: PersonOutline,
  },
];

/** / : what HRPAY is, and the four ways in. */
export default function LandingPage() {
  return (
    <>
      <Box sx={{ textAlign: 'center', maxWidth: 760, mx: 'auto', mb: { xs: 4, md: 6 } }}>
        <Typography variant="overline" color="primary" sx={{ fontWeight: 700, letterSpacing: '0.16em' }}>
          HR and payroll for Philippine companies
        </Typography>
        <Typography variant="h3" component="h1" sx={{ fontWeight: 700, mt: 1, fontSize: { xs: 32, md: 44 } }}>
          People, time and pay in one place
        </Typography>
        <Typography variant="h6" component="p" color="text.secondary" sx={{ mt: 2, fontWeight: 400 }}>
          HRPAY keeps employee records, schedules and requests, and computes payroll with SSS, PhilHealth,
          Pag-IBIG and BIR withholding tax, for every company of your group.
        </Typography>
      </Box>

      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        Sign in
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
        }}
      >
        {ENTRIES.map(({ title, description, to, icon: Icon }) => (
          <Card key={to} sx={{ display: 'flex', flexDirection: 'column' }}>
            <CardContent sx={{ flex: 1 }}>
              <Box
                sx={{
                  width: 48,
                  height: 48,
                  borderRadius: 2,
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                  mb: 2,
                }}
              >
                <Icon aria-hidden />
              </Box>
              <Typography variant="h6" component="h3">
                {title}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {description}
              </Typography>
            </CardContent>
            <CardActions sx={{ px: 2, pb: 2 }}>
              <Button
                component={RouterLink}
                to={to}
                variant="contained"
                fullWidth
                aria-label={`${title} sign in`}
              >
                {title} sign in
              </Button>
            </CardActions>
          </Card>
        ))}
      </Box>

      <Box
        sx={{
          mt: { xs: 4, md: 6 },
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
        }}
      >
        {[
          [
            'Built for Philippine rules',
            'Premium pay, night differential, holiday pay and statutory contributions follow DOLE, SSS, PhilHealth, Pag-IBIG and BIR rules with effective-dated tables.',
          ],
          [
            'Many companies, one account',
            'Run several employers with their own registration numbers, kept apart from every other customer.',
          ],
          [
            'Employees serve themselves',
            'Requests, approvals, leave credits and payslips in the portal, so HR spends less time on paperwork.',
          ],
        ].map(([title, text]) => (
          <Box key={title}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {text}
            </Typography>
          </Box>
        ))}
      </Box>
    </>
  );
}
