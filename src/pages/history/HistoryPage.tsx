import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import styled from 'styled-components';
import { Button, Card, Spinner } from '../../components/ui';
import { FlightDetailModal } from './FlightDetailModal';
import { TaskItem } from './TaskItem';
import { HISTORY_IDLE_POLL_MS } from '../../features/upload/upload-rules';
import { useUploadTasks } from '../../features/upload/useUploadTasks';

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  flex-wrap: wrap;
  margin-bottom: 16px;
  h1 {
    margin: 0;
  }
`;

const Tasks = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 16px;
`;

/** docs/product.md §2 Upload History: every upload with its files and their flights, polled while one is processing. */
export default function HistoryPage() {
  const { t } = useLingui();
  const { data, isLoading, isFetching, refetch } = useUploadTasks({ idlePollMs: HISTORY_IDLE_POLL_MS });
  const [openFlight, setOpenFlight] = useState<number | null>(null);

  return (
    <>
      <Head>
        <h1>
          <Trans>Upload History</Trans>
        </h1>
        <Button type="button" $variant="secondary" onClick={() => refetch()} disabled={isFetching}>
          {isFetching && !isLoading ? t`Refreshing...` : t`Refresh`}
        </Button>
      </Head>
      {isLoading ? (
        <Spinner />
      ) : !data?.length ? (
        <Card>
          <p style={{ margin: 0 }}>
            <Trans>No uploads yet. Upload IGC files on the dashboard and they will appear here.</Trans>
          </p>
        </Card>
      ) : (
        <Tasks>
          {data.map((task) => (
            <TaskItem key={task.id} task={task} onOpenFlight={setOpenFlight} />
          ))}
        </Tasks>
      )}
      {openFlight !== null && <FlightDetailModal flightId={openFlight} onClose={() => setOpenFlight(null)} />}
    </>
  );
}
