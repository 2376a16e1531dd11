import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import styled from 'styled-components';
import type { Glider } from '../../../contract/gliders';
import { useDeleteGliderMutation, useGlidersQuery, useUpdateGliderMutation } from '../../api/gliders';
import { Modal } from '../../components/Modal';
import { ListPage } from '../../components/ListPage';
import { useActionFailure } from '../../components/useActionFailure';
import { GliderCard } from './GliderCard';
import { GliderDialog } from './GliderDialog';
import { gliderBodyOf, gliderFormOf } from './glider-form';
import { DialogFooter } from '../../components/DialogFooter';
import { SetWingForPeriod } from './SetWingForPeriod';
import { WingLinkOffer } from './WingLinkOffer';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 340px), 1fr));
  gap: 16px;
`;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
`;

type Editing = { glider: Glider | null } | null;

/** The pilot's wings with their flights, hours and periodic check (docs/logbook.md). */
export default function GlidersPage() {
  const { t } = useLingui();
  const gliders = useGlidersQuery();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Glider | null>(null);
  const [remove, removal] = useDeleteGliderMutation();
  const [update, updating] = useUpdateGliderMutation();
  const { failure, run } = useActionFailure();
  const list = gliders.data ?? [];

  return (
    <ListPage
      title={<Trans>Gliders</Trans>}
      addLabel={<Trans>Add glider</Trans>}
      onAdd={() => setEditing({ glider: null })}
      intro={<Trans>A new flight is linked to the wing its IGC file names (manufacturer and model, in any spelling). A flight whose file names no wing gets the default wing, if it was in use that day.</Trans>}
      failure={failure}
      query={gliders}
      dialogs={
        <>
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
        </>
      }
    >
      {() =>
        list.length === 0 ? (
          <p>
            <Trans>No gliders yet. Add your wing to see its hours and when its check is due.</Trans>
          </p>
        ) : (
          <>
            <Grid>
              {list.map((g) => (
                <Stack key={g.id}>
                  <GliderCard
                    glider={g}
                    busy={removal.isLoading || updating.isLoading}
                    onEdit={() => setEditing({ glider: g })}
                    onDelete={() => setDeleting(g)}
                    onMakeDefault={() => void run(() => update({ id: g.id, body: { ...gliderBodyOf(gliderFormOf(g)), isDefault: true } }).unwrap())}
                  />
                  <WingLinkOffer glider={g} />
                </Stack>
              ))}
            </Grid>
            <SetWingForPeriod gliders={list} />
          </>
        )
      }
    </ListPage>
  );
}
