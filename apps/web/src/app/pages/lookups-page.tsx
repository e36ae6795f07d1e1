import { useSearchParams } from 'react-router-dom';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { LOOKUP_KINDS, lookupKinds } from '@hrpay/contracts';
import { PageHeader } from '@/components/page-header';
import { LeaveCreditsTable } from '@/features/leave/components/leave-credits-table';
import { LeaveTypesTable } from '@/features/leave/components/leave-types-table';
import { LookupTable } from '@/features/lookups/components/lookup-table';
import { useLeaveTypeOptions } from '@/features/requests/api/requests';

// The simple lists of the lookups feature, then the leave feature's types and credits (issue 9 §2).
const TABS = [
  ...lookupKinds.map((kind) => ({ value: kind as string, label: LOOKUP_KINDS[kind].title })),
  { value: 'leave-types', label: 'Leave types' },
  { value: 'leave-credits', label: 'Leave credits' },
];

/** /lookups: the company's lists, one tab each; the tab is kept in the address (?tab=). */
export default function LookupsPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab = TABS.find((t) => t.value === requested)?.value ?? TABS[0]!.value;
  const leaveTypes = useLeaveTypeOptions();
  return (
    <>
      <PageHeader subtitle="The lists other screens choose from. Employees refer to an item, so a rename shows everywhere." />
      <Tabs
        value={tab}
        // Another tab starts with its own search, filters and page.
        onChange={(_event, next: string) => setParams({ tab: next }, { replace: true })}
        aria-label="Lookup lists"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {TABS.map((t) => (
          <Tab
            key={t.value}
            value={t.value}
            label={t.label}
            id={`lookup-tab-${t.value}`}
            aria-controls="lookup-panel"
          />
        ))}
      </Tabs>
      <div role="tabpanel" id="lookup-panel" aria-labelledby={`lookup-tab-${tab}`}>
        {tab === 'leave-types' ? (
          <LeaveTypesTable />
        ) : tab === 'leave-credits' ? (
          <LeaveCreditsTable
            leaveTypes={(leaveTypes.data ?? [])
              .filter((t) => t.NeedsBalance)
              .map((t) => ({ value: t.LeaveTypeId, label: t.Name }))}
          />
        ) : (
          <LookupTable key={tab} kind={tab as (typeof lookupKinds)[number]} />
        )}
      </div>
    </>
  );
}
