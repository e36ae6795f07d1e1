import { Link as RouterLink } from 'react-router-dom';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { CONTACT } from '../contact-details';

const FAQ: { question: string; answer: string }[] = [
  {
    question: 'Which sign-in page should I use?',
    answer:
      'Employees use the Employee Portal. HR officers use HR, payroll officers use Payroll, and the people who set up companies and users use Admin. Your account belongs to one of these; the others will not accept it.',
  },
  {
    question: 'I forgot my password.',
    answer:
      'Open your sign-in page and choose "Forgot password?". Enter your e-mail and we send a link to choose a new password. The link works once and for a limited time; if it has expired, ask for a new one.',
  },
  {
    question: 'I did not receive the reset or invitation e-mail.',
    answer:
      'Check your spam or junk folder and that you typed the e-mail your company registered. For security, the page never says whether an account exists. If nothing arrives within a few minutes, ask your HR officer or administrator to check your account.',
  },
  {
    question: 'I was signed out while working.',
    answer:
      'For your security, sessions end after a period of inactivity, when you change your password, or when an administrator disables the account. Sign in again; nothing you saved is lost.',
  },
  {
    question: 'My payslip, leave credits or personal details look wrong.',
    answer:
      'Your HR or payroll officer keeps these records and can correct them. Tell them the pay period or the detail concerned.',
  },
  {
    question: 'How do I change my password?',
    answer:
      'Once signed in, open the profile menu (your initials, top right) and choose Change Password. You are signed out afterwards; sign in with the new password.',
  },
];

/** /support: frequent questions and how to reach support. */
export default function SupportPage() {
  return (
    <>
      <Typography variant="h4" component="h1">
        Support
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3, maxWidth: 720 }}>
        Answers to the questions we hear most. Still stuck? Write to{' '}
        <Link href={`mailto:${CONTACT.supportEmail}`}>{CONTACT.supportEmail}</Link> or see{' '}
        <Link component={RouterLink} to="/contact">
          Contact
        </Link>
        .
      </Typography>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Frequently asked questions
      </Typography>
      <Box sx={{ maxWidth: 900 }}>
        {FAQ.map((item, index) => (
          <Accordion key={item.question} disableGutters defaultExpanded={index === 0}>
            <AccordionSummary expandIcon={<ExpandMoreIcon />}>
              <Typography sx={{ fontWeight: 600 }}>{item.question}</Typography>
            </AccordionSummary>
            <AccordionDetails>
              <Typography color="text.secondary">{item.answer}</Typography>
            </AccordionDetails>
          </Accordion>
        ))}
      </Box>
    </>
  );
}
