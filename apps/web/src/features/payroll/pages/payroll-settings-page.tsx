import { useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/error-handler';
import { usePayrollGeneralSettings, useStatutoryTables } from '../api/payroll-settings';
import { GeneralSettingsForm } from '../components/general-settings-form';
import { LoanTypesTable } from '../components/loan-types-table';
import { PayComponentsTable } from '../components/pay-components-table';
import { StatutoryTablesView } from '../components/statutory-tables';

const TABS = [
  { value: 'general', label: 'General' },
  { value: 'pay-components', label: 'Pay components' },
  { value: 'statutory-tables', label: 'Statutory tables' },
  { value: 'loan-types', label: 'Loan types' },
  { value: 'premiums', label: 'Holiday premiums' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

/** /payroll/settings/:tab?: the company's payroll rules (issue 10 §2), a tab each, the tab in the address. */
export default function PayrollSettingsPage() {
  const { tab: requested } = useParams();
  const navigate = useNavigate();
  const tab: TabValue = TABS.find((t) => t.value === requested)?.value ?? 'general';
  const wide = useMediaQuery(useTheme().breakpoints.up('lg'), { noSsr: true });
  return (
    <>
      <PageHeader subtitle="How payroll computes pay for your company, and the statutory tables it applies." />
      <Tabs
        value={tab}
        onChange={(_event, next: TabValue) => navigate(`/payroll/settings/${next}`, { replace: true })}
        aria-label="Payroll settings"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        // The five tabs fit a laptop's width: a plain row there. Narrower, they scroll, with arrows while some
        // are out of sight (a scrolling row left its arrows on after a window resize, though every tab fitted).
        variant={wide ? 'standard' : 'scrollable'}
        scrollButtons="auto"
        allowScrollButtonsMobile
      >
        {TABS.map((t) => (
          <Tab
            key={t.value}
            value={t.value}
            label={t.label}
            id={`settings-tab-${t.value}`}
            aria-controls="settings-panel"
          />
        ))}
      </Tabs>
      <div role="tabpanel" id="settings-panel" aria-labelledby={`settings-tab-${tab}`}>
        {tab === 'general' ? (
          <General />
        ) : tab === 'loan-types' ? (
          <LoanTypesTable />
        ) : tab === 'pay-components' ? (
          <PayComponentsTable />
        ) : (
          <Tables premiumsOnly={tab === 'premiums'} />
        )}
      </div>
    </>
  );
}

function General() {
  const settings = usePayrollGeneralSettings();
  if (settings.isPending || settings.isError) return <Loading query={settings} what="payroll settings" />;
  return (
    <GeneralSettingsForm
      key={settings.data.RowVersion}
      settings={settings.data}
      onReload={() => void settings.refetch()}
    />
  );
}

function Tables({ premiumsOnly }: { premiumsOnly: boolean }) {
  const tables = useStatutoryTables();
  if (tables.isPending || tables.isError) return <Loading query={tables} what="statutory tables" />;
  return (
    <>
      <Alert severity="info" sx={{ mb: 2 }}>
        {premiumsOnly
          ? "The DOLE premiums payroll applies to each kind of day. Worked and not worked are multipliers of the daily rate; overtime multiplies the day's own hourly rate (on a regular holiday 2.00 × 1.30 = 2.60 of the ordinary hourly rate). A company that pays more can set its own rates (each at least DOLE's) from the first day of this month or a later one."
          : 'The tables payroll applies, each from the date it takes effect, with the issuance it comes from. A new SSS, PhilHealth or Pag-IBIG table can be added for a future month.'}
      </Alert>
      <StatutoryTablesView tables={tables.data} premiumsOnly={premiumsOnly} />
    </>
  );
}

/** A tab's content while it loads, or why it could not (the page header and tabs stay). */
function Loading({
  query,
  what,
}: {
  query: { isError: boolean; error: unknown; refetch: () => unknown };
  what: string;
}) {
  if (query.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            Retry
          </Button>
        }
      >
        {errorMessage(query.error, `The ${what} could not be loaded.`)}
      </Alert>
    );
  }
  return (
    <div aria-busy="true" aria-label={`Loading the ${what}`}>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} variant="rounded" height={96} sx={{ mb: 2, maxWidth: 1040 }} />
      ))}
    </div>
  );
}
