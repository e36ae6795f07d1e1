import { useState } from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import type { EmployeePayRow } from '@hrpay/contracts';
import { ItemsTab } from './items-tab';
import { LoansTab } from './loans-tab';
import { PreviousEmployerTab } from './previous-employer-tab';
import { ProfileTab } from './profile-tab';
import { RatesTab } from './rates-tab';

const TABS = [
  { value: 'profile', label: 'Profile' },
  { value: 'rates', label: 'Rates' },
  { value: 'items', label: 'Recurring items' },
  { value: 'loans', label: 'Loans' },
  { value: 'previous', label: 'Previous employer' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

/** One employee's payroll details, a tab each, beside the grid. */
export function PayDetailsDrawer({ employee, onClose }: { employee: EmployeePayRow; onClose: () => void }) {
  const [tab, setTab] = useState<TabValue>('profile');
  const id = employee.EmployeeId;
  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      slotProps={{
        paper: { sx: { width: { xs: '100%', md: 880 } }, 'aria-labelledby': 'pay-details-title' },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 3, pt: 2 }}>
        <Box sx={{ flex: 1 }}>
          <Typography id="pay-details-title" variant="h6" component="h2">
            {employee.FullName}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {employee.EmployeeNumber}
            {employee.DepartmentName ? ` · ${employee.DepartmentName}` : ''}
          </Typography>
        </Box>
        <IconButton aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Tabs
        value={tab}
        onChange={(_e, next: TabValue) => setTab(next)}
        aria-label="Payroll details"
        variant="scrollable"
        // Five tabs do not fit a phone: arrows show there is more ("Previous employer" was cut to "Previou" with
        // nothing to say so). Tabs stay narrow on a phone (MUI's 90 px minimum and 16 px sides).
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{
          px: { xs: 1.5, sm: 2 },
          borderBottom: 1,
          borderColor: 'divider',
          '& .MuiTab-root': { minWidth: { xs: 0, sm: 90 }, px: { xs: 1.25, sm: 2 } },
        }}
      >
        {TABS.map((t) => (
          <Tab
            key={t.value}
            value={t.value}
            label={t.label}
            id={`pay-tab-${t.value}`}
            aria-controls="pay-panel"
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id="pay-panel" aria-labelledby={`pay-tab-${tab}`} sx={{ p: 3 }}>
        {tab === 'profile' && <ProfileTab employeeId={id} onClose={onClose} />}
        {tab === 'rates' && <RatesTab employeeId={id} />}
        {tab === 'items' && <ItemsTab employeeId={id} />}
        {tab === 'loans' && <LoansTab employeeId={id} />}
        {tab === 'previous' && <PreviousEmployerTab employeeId={id} />}
      </Box>
    </Drawer>
  );
}
