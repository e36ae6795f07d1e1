import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import MailOutline from '@mui/icons-material/MailOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import type { ReactNode } from 'react';
import { CONTACT } from '../contact-details';

function ContactCard({
  icon: Icon,
  title,
  children,
}: {
  icon: SvgIconComponent;
  title: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardContent sx={{ display: 'flex', gap: 2 }}>
        <Icon color="primary" aria-hidden />
        <Box>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
            {children}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}

/** /contact: how to reach support, sales and the data protection officer. */
export default function ContactPage() {
  return (
    <>
      <Typography variant="h4" component="h1">
        Contact us
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 4, maxWidth: 720 }}>
        Employees: for questions about your pay, leave or records, please ask your HR or payroll officer
        first; they can see your records and correct them. For anything about HRPAY itself, write to us.
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}>
        <ContactCard icon={MailOutline} title="Customer support">
          <Link href={`mailto:${CONTACT.supportEmail}`}>{CONTACT.supportEmail}</Link>
          <br />
          {CONTACT.responseTime}
        </ContactCard>
        <ContactCard icon={ScheduleOutlined} title="Support hours">
          {CONTACT.hours}
        </ContactCard>
        <ContactCard icon={StorefrontOutlined} title="Sales and new companies">
          <Link href={`mailto:${CONTACT.salesEmail}`}>{CONTACT.salesEmail}</Link>
          <br />
          Demonstrations, pricing and onboarding of a new company or group.
        </ContactCard>
        <ContactCard icon={ShieldOutlined} title="Data protection officer">
          <Link href={`mailto:${CONTACT.privacyEmail}`}>{CONTACT.privacyEmail}</Link>
          <br />
          Requests about your personal data under the Data Privacy Act of 2012.
        </ContactCard>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
        Looking for answers to common questions? See{' '}
        <Link component={RouterLink} to="/support">
          Support
        </Link>
        .
      </Typography>
    </>
  );
}
