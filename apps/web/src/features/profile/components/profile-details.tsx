import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { errorDetail } from '@/lib/error-message';
import { useBasicInfo } from '../api/basic-info';
import { PROFILE_LOAD_FAILED, schedule, shiftName } from '../profile-format';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '96px 1fr', gap: 1, py: 0.5 }}>
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, fontWeight: 500 }}>
        {value}
      </Typography>
    </Box>
  );
}

/** The profile information of spec §2 "Profile menu": loading, error with Retry, or the employee's details. */
export function ProfileDetails() {
  const { data, error, isPending, isError, refetch, isFetching } = useBasicInfo();

  if (isPending && !isError) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 2 }} role="status">
        <CircularProgress size={20} />
        <Typography variant="body2" color="text.secondary">
          Loading profile…
        </Typography>
      </Box>
    );
  }

  if (isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()} disabled={isFetching}>
            Retry
          </Button>
        }
      >
        {errorDetail(error) ?? PROFILE_LOAD_FAILED}
      </Alert>
    );
  }

  return (
    <Box>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
        {data.FullName}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {data.EmployeeNumber ?? 'No employee record is linked to this account.'}
      </Typography>
      <Box component="dl" sx={{ m: 0 }}>
        <Row
          label="Department"
          value={data.DepartmentName || (data.EmployeeNumber ? 'Not assigned' : 'N/A')}
        />
        <Row label="Position" value={data.PositionName || (data.EmployeeNumber ? 'Not assigned' : 'N/A')} />
        <Row label="Shift" value={shiftName(data)} />
        <Row label="Schedule" value={schedule(data)} />
      </Box>
    </Box>
  );
}
