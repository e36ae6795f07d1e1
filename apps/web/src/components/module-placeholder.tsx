import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import { PageHeader } from './page-header';

/**
 * The honest empty state of a page whose module ships in a later release: the route name as heading, what
 * the module will do, and that it is not available yet.
 */
export function ModulePlaceholder({ description, detail }: { description: string; detail?: string }) {
  return (
    <>
      <PageHeader subtitle={description} />
      <Card>
        <CardContent
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 2,
            py: 4,
            flexDirection: { xs: 'column', sm: 'row' },
          }}
        >
          <ConstructionOutlined color="primary" sx={{ fontSize: 48 }} aria-hidden />
          <Box>
            <Typography variant="h6" component="h2">
              This module arrives in a later release
            </Typography>
            <Typography color="text.secondary">
              {detail ??
                'Nothing to do here yet. Your data is safe; the screens for this area are being prepared.'}
            </Typography>
          </Box>
        </CardContent>
      </Card>
    </>
  );
}
