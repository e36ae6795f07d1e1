import { useSearchParams } from 'react-router-dom';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { LOOKUP_KINDS, lookupKinds, type LookupKind } from '@hrpay/contracts';
import { PageHeader } from '@/components/page-header';
import { LookupTable } from '../components/lookup-table';

const isKind = (value: string | null): value is LookupKind => !!value && value in LOOKUP_KINDS;

/** /lookups: the company's simple lists, one tab each; the tab is kept in the address (?tab=). */
export default function LookupsPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const kind: LookupKind = isKind(requested) ? requested : lookupKinds[0]!;
  return (
    <>
      <PageHeader subtitle="The lists other screens choose from. Employees refer to an item, so a rename shows everywhere." />
      <Tabs
        value={kind}
        // Another tab starts with its own search, filters and page.
        onChange={(_event, next: LookupKind) => setParams({ tab: next }, { replace: true })}
        aria-label="Lookup lists"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {lookupKinds.map((k) => (
          <Tab
            key={k}
            value={k}
            label={LOOKUP_KINDS[k].title}
            id={`lookup-tab-${k}`}
            aria-controls="lookup-panel"
          />
        ))}
      </Tabs>
      <div role="tabpanel" id="lookup-panel" aria-labelledby={`lookup-tab-${kind}`}>
        <LookupTable key={kind} kind={kind} />
      </div>
    </>
  );
}
