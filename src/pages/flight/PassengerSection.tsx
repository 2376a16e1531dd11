import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { PASSENGER_CONTACT_MAX, PASSENGER_NAME_MAX, PASSENGER_NOTE_MAX, type Passenger } from '../../../contract/tandem';
import { useCreatePassengerLinkMutation, useDeletePassengerMutation, usePassengerQuery, useRevokePassengerLinkMutation, useSavePassengerMutation } from '../../api/tandem';
import { Button, Card, FieldPairs, Form, Input, Row, TextArea } from '../../components/ui';
import { FailureAlert } from '../../components/FailureAlert';
import { useActionFailure } from '../../components/useActionFailure';

const Section = styled(Card)`
  margin-bottom: 16px;
  h2 { font-size: 17px; margin: 0 0 10px; }
  dl { margin: 0 0 10px; display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; }
  dt { color: ${(p) => p.theme.muted}; }
  dd { margin: 0; overflow-wrap: anywhere; white-space: pre-wrap; }
`;

const FieldBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  label { font-weight: 500; }
  small { color: ${(p) => p.theme.muted}; }
`;


const LinkRow = styled(Row)`
  margin: 6px 0 10px;
  input { flex: 1 1 220px; min-width: 0; }
`;

/** The passenger form: name, a contact kept for the pilot only, a note, and whether their page names the pilot. */
function PassengerForm({ flightId, passenger, onDone }: { flightId: number; passenger: Passenger | null; onDone: () => void }) {
  const { t } = useLingui();
  const id = useId();
  const [form, setForm] = useState({ name: passenger?.name ?? '', contact: passenger?.contact ?? '', note: passenger?.note ?? '', showPilotName: passenger?.showPilotName ?? false });
  const [save, saving] = useSavePassengerMutation();
  const { failure, run } = useActionFailure();
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (await run(() => save({ id: flightId, body: { name: form.name, contact: form.contact.trim() || null, note: form.note.trim() || null, showPilotName: form.showPilotName } }).unwrap())) onDone();
  };
  return (
    <Form onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t`Passenger`}>
      <FieldPairs>
        <FieldBox>
          <label htmlFor={`${id}-name`}>{t`Passenger's name`}</label>
          <Input id={`${id}-name`} autoFocus required maxLength={PASSENGER_NAME_MAX} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        </FieldBox>
        <FieldBox>
          <label htmlFor={`${id}-contact`}>{t`Contact (optional)`}</label>
          <Input id={`${id}-contact`} aria-describedby={`${id}-contact-hint`} maxLength={PASSENGER_CONTACT_MAX} value={form.contact} onChange={(e) => setForm({ ...form, contact: e.target.value })} />
          <small id={`${id}-contact-hint`}>{t`Only you see it.`}</small>
        </FieldBox>
      </FieldPairs>
      <FieldBox>
        <label htmlFor={`${id}-note`}>{t`Note`}</label>
        <TextArea id={`${id}-note`} maxLength={PASSENGER_NOTE_MAX} value={form.note} onChange={(e) => setForm({ ...form, note: e.target.value })} />
      </FieldBox>
      <label style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <input type="checkbox" checked={form.showPilotName} onChange={(e) => setForm({ ...form, showPilotName: e.target.checked })} />
        <Trans>Show my name on the passenger's page</Trans>
      </label>
      <FailureAlert failure={failure} />
      <Row>
        <Button type="submit" disabled={saving.isLoading}>
          <Trans>Save passenger</Trans>
        </Button>
        <Button type="button" $variant="secondary" onClick={onDone}>
          <Trans>Cancel</Trans>
        </Button>
      </Row>
    </Form>
  );
}

/** On the flight page (docs/career.md, "Tandem"): the flight's passenger and the page the pilot shares with them. */
export function PassengerSection({ flightId }: { flightId: number }) {
  const { t } = useLingui();
  const state = usePassengerQuery(flightId);
  const [editing, setEditing] = useState(false);
  const [remove, removing] = useDeletePassengerMutation();
  const [createLink, creating] = useCreatePassengerLinkMutation();
  const [revokeLink, revoking] = useRevokePassengerLinkMutation();
  const { failure, run } = useActionFailure();
  // The section waits for the answer; an error leaves the rest of the flight page as it is.
  if (!state.data) return null;
  const passenger = state.data.passenger;
  return (
    <Section aria-labelledby="flight-passenger">
      <h2 id="flight-passenger">
        <Trans>Tandem passenger</Trans>
      </h2>
      {editing ? (
        <PassengerForm flightId={flightId} passenger={passenger} onDone={() => setEditing(false)} />
      ) : passenger ? (
        <>
          <dl>
            <dt>{t({ message: 'Name', context: 'person' })}</dt>
            <dd>{passenger.name}</dd>
            {passenger.contact && (
              <>
                <dt>{t`Contact`}</dt>
                <dd>{passenger.contact}</dd>
              </>
            )}
            {passenger.note && (
              <>
                <dt>{t`Note`}</dt>
                <dd>{passenger.note}</dd>
              </>
            )}
          </dl>
          {passenger.pageUrl ? (
            <>
              <p style={{ margin: 0 }}>
                <Trans>The passenger's page shows this flight's map and height profile, nothing else.</Trans>
              </p>
              <LinkRow>
                <Input readOnly aria-label={t`Passenger page link`} value={passenger.pageUrl} onFocus={(e) => e.currentTarget.select()} />
                <Button type="button" $variant="secondary" disabled={revoking.isLoading} onClick={() => void run(() => revokeLink(flightId).unwrap())}>
                  <Trans>Stop sharing</Trans>
                </Button>
              </LinkRow>
            </>
          ) : null}
          <Row>
            {!passenger.pageUrl && (
              <Button type="button" disabled={creating.isLoading} onClick={() => void run(() => createLink(flightId).unwrap())}>
                <Trans>Make a page for the passenger</Trans>
              </Button>
            )}
            <Button type="button" $variant="secondary" onClick={() => setEditing(true)}>
              <Trans>Edit passenger</Trans>
            </Button>
            <Button type="button" $variant="secondary" disabled={removing.isLoading} onClick={() => void run(() => remove(flightId).unwrap())}>
              <Trans>Remove passenger</Trans>
            </Button>
          </Row>
        </>
      ) : (
        <Button type="button" $variant="secondary" onClick={() => setEditing(true)}>
          <Trans>Add a passenger</Trans>
        </Button>
      )}
      <FailureAlert failure={failure} style={{ marginTop: 8 }} />
    </Section>
  );
}
