import { useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { EMPLOYEE_IMPORT_COLUMNS } from '@hrpay/contracts';
import { handleError } from '@/lib/error-handler';
import { downloadTemplate, type TemplateFormat } from '../api/download-files';
import { StepCard } from './step-card';

const REQUIRED_COUNT = EMPLOYEE_IMPORT_COLUMNS.filter((column) => column.required).length;

/** Step 1: the template in either format, and what each of its columns takes. */
export function TemplateSection({ companyId }: { companyId: string }) {
  const [downloading, setDownloading] = useState<TemplateFormat | null>(null);

  const download = async (format: TemplateFormat) => {
    setDownloading(format);
    try {
      await downloadTemplate(companyId, format);
    } catch (error) {
      handleError(error, 'The template could not be downloaded.');
    } finally {
      setDownloading(null);
    }
  };

  return (
    <StepCard
      step={1}
      title="Get the template"
      description="One row per employee. Rows are matched by EmployeeNumber: existing employees are updated, new ones are created. Departments, positions and employment statuses that do not exist yet are added."
    >
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        {(['xlsx', 'csv'] as const).map((format) => (
          <Button
            key={format}
            variant="outlined"
            startIcon={<DownloadOutlined />}
            loading={downloading === format}
            disabled={downloading !== null && downloading !== format}
            onClick={() => void download(format)}
          >
            Download {format.toUpperCase()}
          </Button>
        ))}
      </Box>
      <Accordion disableGutters variant="outlined" sx={{ '&::before': { display: 'none' } }}>
        <AccordionSummary
          expandIcon={<ExpandMore />}
          aria-controls="import-columns"
          id="import-columns-header"
        >
          <Typography sx={{ fontWeight: 600 }}>
            The {EMPLOYEE_IMPORT_COLUMNS.length} columns ({REQUIRED_COUNT} required)
          </Typography>
        </AccordionSummary>
        <AccordionDetails id="import-columns" sx={{ p: 0 }}>
          <TableContainer>
            <Table size="small" aria-label="Template columns">
              <TableHead>
                <TableRow>
                  <TableCell>Column</TableCell>
                  <TableCell>Required</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Example</TableCell>
                  <TableCell>What to enter</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {EMPLOYEE_IMPORT_COLUMNS.map((column) => (
                  <TableRow key={column.name}>
                    <TableCell sx={{ fontWeight: 600, wordBreak: 'break-word' }}>{column.name}</TableCell>
                    <TableCell>
                      {column.required ? (
                        <Chip label="Required" size="small" color="primary" variant="outlined" />
                      ) : (
                        <Typography variant="body2" color="text.secondary">
                          Optional
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell
                      sx={{
                        display: { xs: 'none', sm: 'table-cell' },
                        color: 'text.secondary',
                        whiteSpace: 'nowrap',
                      }}
                    >
                      {column.example || '—'}
                    </TableCell>
                    <TableCell>{column.hint}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </AccordionDetails>
      </Accordion>
    </StepCard>
  );
}
