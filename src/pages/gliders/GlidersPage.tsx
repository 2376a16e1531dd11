import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import styled from 'styled-components';
import type { Glider } from '../../../contract/gliders';
import { errorMessage } from '../../api/base';
import { useDeleteGliderMutation, useGlidersQuery, useUpdateGliderMutation } from '../../api/gliders';
import { Modal } from '../../components/Modal';
import { Alert, Button, Spinner } from '../../components/ui';
import { GliderCard } from './GliderCard';
import { GliderDialog } from './GliderDialog';
import { gliderBodyOf, gliderFormOf } from './glider-form';
import { DialogFooter } from '../../components/DialogFooter';

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  margin-bottom: 16px;
  h1 { margin: 0 auto 0 0; }
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 340px), 1fr));
  gap: 16px;
`;

type Editing = { glider: Glider | null } | null;

/** The pilot's logbook (docs/app.md): the pilot's wings with their flights, hours and periodic check. */
export default function GlidersPage() {
  const { t } = useLingui();
  const gliders = useGlidersQuery();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Glider | null>(null);
  const [remove, removal] = useDeleteGliderMutation();
  const [update, updating] = useUpdateGliderMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const list = gliders.data ?? [];

  const run = async (action: () => Promise<unknown>) => {
    setFailure(null);
    try {
      await action();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <div>
      <Header>
        <h1>
          <Trans>Gliders</Trans>
        </h1>
        <Button type="button" onClick={() => setEditing({ glider: null })}>
          <Trans>Add glider</Trans>
        </Button>
      </Header>
      <p style={{ marginTop: 0 }}>
        <Trans>A new flight is linked to the wing whose manufacturer and model match its IGC glider type, otherwise to the default wing.</Trans>
      </p>
      {failure && (
        <Alert $tone="error" role="alert" style={{ marginBottom: 12 }}>
          {failure}
        </Alert>
      )}
      {gliders.isLoading ? (
        <Spinner />
      ) : gliders.isError ? (
        <Alert $tone="error" role="alert">
          {errorMessage(gliders.error)}
        </Alert>
      ) : list.length === 0 ? (
        <p>
          <Trans>No gliders yet. Add your wing to see its hours and when its check is due.</Trans>
        </p>
      ) : (
        <Grid>
          {list.map((g) => (
            <GliderCard
              key={g.id}
              glider={g}
              busy={removal.isLoading || updating.isLoading}
              onEdit={() => setEditing({ glider: g })}
              onDelete={() => setDeleting(g)}
              onMakeDefault={() => void run(() => update({ id: g.id, body: { ...gliderBodyOf(gliderFormOf(g)), isDefault: true } }).unwrap())}
            />
          ))}
        </Grid>
      )}
      {editing && <GliderDialog glider={editing.glider} onClose={() => setEditing(null)} />}
      {deleting && (
        <Modal title={t`Delete ${deleting.name}?`} onClose={() => setDeleting(null)}>
          <p>
            <Plural
              value={deleting.flightCount}
              _0="No flight is linked to this wing."
              one="Its # flight keeps the glider type from its IGC file and loses the link to this wing."
              other="Its # flights keep the glider type from their IGC files and lose the link to this wing."
            />
          </p>
          <DialogFooter
            onCancel={() => setDeleting(null)}
            cancelAutoFocus
            confirm={{
              label: <Trans>Delete glider</Trans>,
              variant: 'danger',
              disabled: removal.isLoading,
              onClick: () =>
                void run(async () => {
                  await remove(deleting.id).unwrap();
                  setDeleting(null);
                }),
            }}
          />
        </Modal>
      )}
    </div>
  );
}
