import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import type { PortalPayslipRow } from '@hrpay/contracts';
import { RecordLoadError, RecordLoading } from '@/components/edit-page';
import { PageHeader } from '@/components/page-header';
import { apiClient, saveFile } from '@/lib/api-client';
import { formatCurrency } from '@/lib/currency';
import { formatIsoDate } from '@/lib/dates';
import { errorMessage, handleError } from '@/lib/error-handler';
import { useMyPayslip, useMyPayslips } from '../api/payslips';
import { PayslipLines } from '@/components/payslip-lines';
import { useScrollRegion } from '@/components/scroll-region';

const date = formatIsoDate;
export const cutoffLabel = (p: { CutoffStart: string; CutoffEnd: string }) =>
  `${date(p.CutoffStart)} – ${date(p.CutoffEnd)}`;

/** /portal/payslips: the employee's payslips of released (finalised) payroll periods, to read and download. */
export default function MyPayslipsPage() {
  const payslips = useMyPayslips();
  const [openId, setOpenId] = useState<string | null>(null);
  if (payslips.isPending) return <RecordLoading what="payslips" />;
  if (payslips.isError) {
    return (
      <RecordLoadError
        what="payslips"
        error={payslips.error}
        onRetry={() => void payslips.refetch()}
        back="/portal/dashboard"
        backLabel="Back to the dashboard"
      />
    );
  }
  const items = payslips.data.Items;
  return (
    <>
      <PageHeader subtitle="Payslips appear here once payroll finalises the period." />
      {items.length === 0 ? (
        <Alert severity="info">
          No payslips yet. Your first one appears after your first payroll is finalised.
        </Alert>
      ) : (
        <Box
          component="ul"
          aria-label="Payslips"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: 'minmax(0, 1fr)',
              md: 'repeat(2, minmax(0, 1fr))',
              xl: 'repeat(3, minmax(0, 1fr))',
            },
          }}
        >
          {items.map((p) => (
            <li key={p.Id}>
              <PayslipCard payslip={p} onOpen={() => setOpenId(p.Id)} />
            </li>
          ))}
        </Box>
      )}
      <PayslipDialog id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}

function PayslipCard({ payslip: p, onOpen }: { payslip: PortalPayslipRow; onOpen: () => void }) {
  return (
    <Card>
      <CardActionArea
        onClick={onOpen}
        aria-label={`Payslip ${p.PeriodName}, net pay ${formatCurrency(p.NetPay)}`}
      >
        <CardContent>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
            <Box>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                {p.PeriodName}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {cutoffLabel(p)} · pay date {date(p.PayDate)}
              </Typography>
            </Box>
            <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
              {p.Kind !== 'Regular' && <Chip size="small" label={KIND_LABEL[p.Kind] ?? p.Kind} />}
              {p.PayHeld && <HeldPayChip payslip={p} />}
            </Box>
          </Box>
          <Typography variant="h5" component="p" sx={{ mt: 1.5, fontVariantNumeric: 'tabular-nums' }}>
            {formatCurrency(p.NetPay)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Gross {formatCurrency(p.Gross)} · deductions {formatCurrency(p.Deductions)}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** Pay held back by payroll is not paid on the pay date: the employee sees it on hold, then the day released. */
function HeldPayChip({ payslip: p }: { payslip: Pick<PortalPayslipRow, 'ReleasedOn'> }) {
  return p.ReleasedOn ? (
    <Chip size="small" color="success" variant="outlined" label={`Released ${date(p.ReleasedOn)}`} />
  ) : (
    <Chip size="small" color="warning" label="Pay on hold" />
  );
}

export const KIND_LABEL: Record<string, string> = {
  Regular: 'Regular',
  ThirteenthMonth: '13th month',
  FinalPay: 'Final pay',
  Adjustment: 'Adjustment',
};

function PayslipDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const payslip = useMyPayslip(id);
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      const file = await apiClient.download(`/api/v1/portal/payslips/${id}/pdf`);
      saveFile(file, 'payslip.pdf');
    } catch (error) {
      handleError(error, 'The payslip PDF could not be downloaded.');
    } finally {
      setDownloading(false);
    }
  };
  const data = payslip.data;
  // The lines scroll inside the dialog (net pay below the fold on a phone): the keyboard can scroll them.
  const scroller = useScrollRegion('Payslip details');
  return (
    <Dialog open={id !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="payslip-title">
      <DialogTitle id="payslip-title">{data ? `Payslip · ${data.PeriodName}` : 'Payslip'}</DialogTitle>
      <DialogContent dividers sx={{ px: { xs: 1, sm: 3 } }} {...scroller}>
        {payslip.isPending ? (
          <Skeleton variant="rounded" height={240} aria-label="Loading the payslip" />
        ) : payslip.isError ? (
          <Alert severity="error">{errorMessage(payslip.error, 'The payslip could not be loaded.')}</Alert>
        ) : data ? (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {data.FullName} · {data.EmployeeNumber} · {cutoffLabel(data)} · pay date {date(data.PayDate)}
            </Typography>
            {data.PayHeld && (
              <Alert severity={data.ReleasedOn ? 'success' : 'warning'} sx={{ mb: 2 }}>
                {data.ReleasedOn
                  ? `This pay was held back on the pay date and released to the bank on ${date(data.ReleasedOn)}.`
                  : 'This pay is on hold: it was not paid on the pay date. Payroll releases it once the hold is cleared; ask Payroll or HR why it is held.'}
              </Alert>
            )}
            <PayslipLines
              lines={data.Lines}
              gross={data.Gross}
              deductions={data.Deductions}
              netPay={data.NetPay}
            />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2, px: 2 }}>
              Year to date: taxable compensation {formatCurrency(data.YearToDateTaxable)}, tax withheld{' '}
              {formatCurrency(data.YearToDateTax)}
            </Typography>
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button
          startIcon={<FileDownloadOutlined />}
          onClick={() => void download()}
          loading={downloading}
          disabled={!data}
        >
          Download PDF
        </Button>
        <Button onClick={onClose} variant="contained">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
