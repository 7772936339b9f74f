import { useState } from 'react';
import { Button, Route, Routes, Text, Title, useLocation } from '@lattice/ui-sdk';

/** The remote's pages: the shell renders this under each of its menu URLs, inside its own router. */
export default function ReportsRoutes() {
  return (
    <Routes>
      <Route index element={<ReportsPage title="Reports" />} />
      <Route path="monthly" element={<ReportsPage title="Monthly reports" />} />
    </Routes>
  );
}

function ReportsPage({ title }: { title: string }) {
  const { pathname } = useLocation();
  const [clicks, setClicks] = useState(0);
  return (
    <>
      <Title order={2}>{title}</Title>
      <Text data-testid="reports-page">Built outside the repository, shown at {pathname}</Text>
      <Button onClick={() => setClicks((value) => value + 1)}>Clicked {clicks} times</Button>
    </>
  );
}
