import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { Glider } from '../../../contract/gliders';
import { errorMessage } from '../../api/base';
import { useSetGliderFlightsMutation } from '../../api/gliders';
import { Alert, Button, Input, Label, Select } from '../../components/ui';

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 12px;
  margin-top: 24px;
  padding: 16px 18px;
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 10px;
  background: ${(p) => p.theme.surface};
  h2 { flex-basis: 100%; margin: 0; font-size: 1.05rem; }
  p { flex-basis: 100%; margin: 0; }
  label { display: flex; flex-direction: column; gap: 4px; }
`;

/** "I flew this wing from … to …": every flight of the period gets the wing, as the pilot's own choice. */
export function SetWingForPeriod({ gliders }: { gliders: Glider[] }) {
  const { t } = useLingui();
  const [gliderId, setGliderId] = useState(String(gliders[0]?.id ?? ''));
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [save, saving] = useSetGliderFlightsMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!gliderId || !from || !to) return setProblem(t`Choose a wing and both dates.`);
    if (from > to) return setProblem(t`The end date must not be before the start date.`);
    try {
      await save({ id: Number(gliderId), body: { from, to } }).unwrap();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <Form onSubmit={(e) => void submit(e)} aria-labelledby="wing-for-period">
      <h2 id="wing-for-period">
        <Trans>Set the wing of a period</Trans>
      </h2>
      <p>
        <Trans>Every flight that took off in the period gets this wing, and keeps it when it is analysed again.</Trans>
      </p>
      <Label>
        <Trans>Wing</Trans>
        <Select value={gliderId} onChange={(e) => setGliderId(e.target.value)}>
          {gliders.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </Select>
      </Label>
      <Label>
        <Trans>From</Trans>
        <Input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
      </Label>
      <Label>
        <Trans>To</Trans>
        <Input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
      </Label>
      <Button type="submit" disabled={saving.isLoading}>
        <Trans>Set wing</Trans>
      </Button>
      {problem && (
        <Alert $tone="error" role="alert" style={{ flexBasis: '100%' }}>
          {problem}
        </Alert>
      )}
      {saving.isSuccess && !problem && (
        <p role="status">
          <Plural value={saving.data.changed} _0="No flight in this period." one="# flight now has this wing." other="# flights now have this wing." />
        </p>
      )}
    </Form>
  );
}
