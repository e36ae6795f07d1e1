import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';

/** Any unknown path. */
export default function NotFoundPage() {
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 4, md: 8 }, maxWidth: 560, mx: 'auto' }}>
      <SearchOffOutlined color="action" sx={{ fontSize: 64 }} aria-hidden />
      <Typography variant="h4" component="h1" sx={{ mt: 2 }}>
        Page not found
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        The address may be mistyped, or the page may have moved.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Go to the home page
      </Button>
    </Box>
  );
}
