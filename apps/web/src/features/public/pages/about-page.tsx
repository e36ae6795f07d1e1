import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

const AREAS = [
  {
    title: 'Human resources',
    points: [
      'Employee 201 files: personal data, employment status, department, position and shift',
      'Shifts, holidays and time logs',
      "Leave, overtime and undertime requests with approval by the employee's approver",
      'Lookups and HR reports',
    ],
  },
  {
    title: 'Payroll',
    points: [
      'Payroll periods computed, reviewed and finalised; a finalised period never changes',
      'Overtime, rest-day, holiday and night-differential premiums; tardiness, undertime and absences',
      'SSS, PhilHealth and Pag-IBIG contributions and BIR withholding tax from effective-dated tables',
      '13th month pay, de minimis benefits, loans, payslips and remittance reports',
    ],
  },
  {
    title: 'Employee portal',
    points: [
      'Employees file and follow their own leave, overtime and undertime requests',
      "Approvers review their team's requests",
      'Leave credits and payslips, available any time',
    ],
  },
  {
    title: 'Security and privacy',
    points: [
      "Every customer's data is isolated from every other customer's, down to the database",
      'Each person sees only what their role needs; every change to people and pay is recorded',
      'Personal information is handled in line with the Data Privacy Act of 2012 (Republic Act No. 10173)',
    ],
  },
];

/** /about: what the product does and for whom. */
export default function AboutPage() {
  return (
    <>
      <Typography variant="h4" component="h1">
        About HRPAY
      </Typography>
      <Typography
        variant="h6"
        component="p"
        color="text.secondary"
        sx={{ mt: 1, mb: 4, fontWeight: 400, maxWidth: 800 }}
      >
        HRPAY is a human-resources and payroll application for companies in the Philippines. HR officers,
        payroll officers, administrators and employees each get the screens their work needs, on one shared,
        accurate record of people, time and pay.
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}>
        {AREAS.map((area) => (
          <Card key={area.title}>
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                {area.title}
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {area.points.map((point) => (
                  <Typography component="li" variant="body2" key={point} sx={{ mb: 0.75 }}>
                    {point}
                  </Typography>
                ))}
              </Box>
            </CardContent>
          </Card>
        ))}
      </Box>
    </>
  );
}
