import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { PageHeader } from '@/components/page-header';
import { AttendanceTab } from '../components/attendance-tab';
import { ImportTab } from '../components/import-tab';
import { PunchesTab } from '../components/punches-tab';

const TABS = [
  { value: 'punches', label: 'Punches' },
  { value: 'attendance', label: 'Attendance' },
  { value: 'import', label: 'Import' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

/** /hr/timelogs: the punches of the company, the daily attendance computed from them, and punch-file import. */
export default function TimeLogsPage() {
  const [params, setParams] = useSearchParams();
  // The tab is the page's own state, read from the address once: the Punches list also writes the address (its
  // filters), and a late write of it must not switch the tab back.
  const [tab, setTab] = useState<TabValue>(() => {
    const raw = params.get('tab');
    return TABS.some((t) => t.value === raw) ? (raw as TabValue) : 'punches';
  });
  return (
    <>
      <PageHeader subtitle="Time in and time out records of employees, imported from terminals or entered by HR, and the attendance they make." />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={tab}
          onChange={(_event, next: TabValue) => {
            setTab(next);
            setParams(next === 'punches' ? {} : { tab: next }, { replace: true });
          }}
          aria-label="Time logs"
        >
          {TABS.map((t) => (
            <Tab key={t.value} value={t.value} label={t.label} />
          ))}
        </Tabs>
      </Box>
      {tab === 'punches' && <PunchesTab />}
      {tab === 'attendance' && <AttendanceTab />}
      {tab === 'import' && <ImportTab />}
    </>
  );
}
