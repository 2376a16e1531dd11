import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { TrainingRequest } from '../../../contract/training';
import { errorMessage } from '../../api/base';
import { useFlightsQuery } from '../../api/flights';
import { LINKS } from '../../api/links';
import { useMyRolesQuery } from '../../api/roles';
import {
  useAddExerciseMutation,
  useDeclineRequestMutation,
  useExercisesQuery,
  useIncomingRequestsQuery,
  useRenewTrainingCodeMutation,
  useRequestSignatureMutation,
  useRetireExerciseMutation,
  useSignRequestMutation,
  useTrainingLogQuery,
} from '../../api/training';
import { paths, useLocalePath } from '../../app/paths';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { Section, Sections } from '../../components/layout';
import styled from 'styled-components';
import { Alert, Button, Form, Hint, Input, Label, Row, Spinner } from '../../components/ui';
import { localDateTime } from '../../format/format';
import { changeText, exerciseName } from './exercise-names';

/** Check boxes one under another, each with its label, so a phone never splits a label from its box. */
const Choices = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: 6px;
  label {
    display: flex;
    gap: 8px;
    align-items: center;
  }
`;

/** The exercise list: each name with its Retire button, rows apart so two buttons never touch. */
const ExerciseRows = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 6px;
  margin: 0 0 16px;
  padding-left: 18px;
`;

/** `/training`: the student's signed log and requests; for instructors, the requests to sign and the exercise list (docs/career.md). */
export default function TrainingPage() {
  const { t } = useLingui();
  const roles = useMyRolesQuery();
  const isInstructor = roles.currentData?.roles.includes('instructor') ?? false;
  useDocumentTitle(t`Training log`);
  return (
    <>
      <h1>
        <Trans>Training log</Trans>
      </h1>
      <Sections>
        <SignedLog />
        <AskInstructor />
        {isInstructor && <IncomingRequests />}
        {isInstructor && <ExerciseList />}
      </Sections>
    </>
  );
}

function FlightsAndExercises({ request }: { request: Pick<TrainingRequest, 'flights' | 'exercises'> }) {
  const { i18n } = useLingui();
  return (
    <>
      <p>
        <Trans>Exercises:</Trans> {request.exercises.map((e) => exerciseName(i18n, e)).join(', ')}
      </p>
      {request.flights.length > 0 && (
        <ul>
          {request.flights.map((f) => (
            <li key={f.id}>
              {localDateTime(f.startTime, i18n.locale, f.timeZone)}
              {f.place ? ` · ${f.place}` : ''}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function SignedLog() {
  const { t, i18n } = useLingui();
  const to = useLocalePath();
  const log = useTrainingLogQuery();
  const [renew, renewing] = useRenewTrainingCodeMutation();
  if (log.isError) return <Alert $tone="error" role="alert">{errorMessage(log.error, t`Failed to load your training log`)}</Alert>;
  if (!log.currentData) return <Spinner />;
  const { entries, intact, requests, verificationCode } = log.currentData;
  const broken = entries.find((e) => !e.intact);
  return (
    <Section aria-labelledby="signed-log">
      <h2 id="signed-log">
        <Trans>Signed entries</Trans>
      </h2>
      {entries.length === 0 ? (
        <p>
          <Trans>No signed entries yet. Ask an instructor below to sign flights and exercises.</Trans>
        </p>
      ) : intact ? (
        <Alert $tone="success" role="status">
          <Trans>Your log is intact: every entry matches its signature.</Trans>
        </Alert>
      ) : (
        <Alert $tone="warning" role="status">
          <Trans>Your log has changed since it was signed, from entry {entries.indexOf(broken!) + 1} on.</Trans>
        </Alert>
      )}
      <ol>
        {entries.map((e) => (
          <li key={e.id} aria-label={t`Entry signed by ${e.instructor}`}>
            <p>
              <strong>
                <Trans>
                  Signed by {e.instructor} on {localDateTime(e.signedAt, i18n.locale, null, false)}
                </Trans>
              </strong>{' '}
              {e.intact ? <Trans>(intact)</Trans> : <Trans>(changed: {e.changes.map((c) => changeText(i18n, c)).join(', ')})</Trans>}
            </p>
            <FlightsAndExercises request={e} />
            {e.comment && (
              <p>
                <Trans>Comment: {e.comment}</Trans>
              </p>
            )}
          </li>
        ))}
      </ol>
      {verificationCode && (
        <p>
          <Trans>Verification code:</Trans> <code>{verificationCode}</code> ·{' '}
          <Link to={to(paths.verifyTraining.getHref(verificationCode))}>
            <Trans>Public verification page</Trans>
          </Link>
        </p>
      )}
      <Row>
        {/* A PDF of nothing signed would only be a title page. */}
        {entries.length > 0 && (
          <a href={LINKS.trainingPdf} download>
            <Trans>Download the signed log (PDF)</Trans>
          </a>
        )}
        {verificationCode && (
          <Button type="button" $variant="secondary" disabled={renewing.isLoading} onClick={() => void renew()}>
            <Trans>New verification code</Trans>
          </Button>
        )}
      </Row>
      {requests.length > 0 && (
        <>
          <h3>
            <Trans>Your requests</Trans>
          </h3>
          <ul>
            {requests.map((r) => (
              <li key={r.id}>
                {r.status === 'pending' ? <Trans>Waiting for {r.person}</Trans> : <Trans>Declined by {r.person}: {r.comment}</Trans>}
                <FlightsAndExercises request={r} />
              </li>
            ))}
          </ul>
        </>
      )}
    </Section>
  );
}

function AskInstructor() {
  const { t, i18n } = useLingui();
  const ids = { instructor: useId(), note: useId(), flights: useId(), exercises: useId() };
  const flights = useFlightsQuery();
  const exercises = useExercisesQuery();
  const [ask, { isLoading, error, isSuccess, reset }] = useRequestSignatureMutation();
  const [instructor, setInstructor] = useState('');
  const [note, setNote] = useState('');
  const [flightIds, setFlightIds] = useState<number[]>([]);
  const [exerciseIds, setExerciseIds] = useState<number[]>([]);
  const toggle = (list: number[], id: number) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const sent = await ask({ instructor, flightIds, exerciseIds, note: note || undefined })
      .unwrap()
      .catch(() => null);
    if (sent) {
      setFlightIds([]);
      setExerciseIds([]);
      setNote('');
    }
  };
  const recent = (flights.currentData ?? []).slice(0, 30);
  return (
    <Section aria-labelledby="ask-instructor">
      <h2 id="ask-instructor">
        <Trans>Ask an instructor to sign</Trans>
      </h2>
      <Form onSubmit={onSubmit} onChange={() => isSuccess && reset()}>
        <Label htmlFor={ids.instructor}>
          <Trans>Instructor’s email or username</Trans>
        </Label>
        <Input id={ids.instructor} value={instructor} onChange={(e) => setInstructor(e.target.value)} required maxLength={200} autoComplete="off" />
        <Choices>
          <legend>
            <Trans>Exercises</Trans>
          </legend>
          {(exercises.currentData?.exercises ?? [])
            .filter((x) => !x.retired)
            .map((x) => (
              <label key={x.id}>
                <input type="checkbox" checked={exerciseIds.includes(x.id)} onChange={() => setExerciseIds(toggle(exerciseIds, x.id))} /> {exerciseName(i18n, x)}
              </label>
            ))}
        </Choices>
        <Choices>
          <legend>
            <Trans>Flights (your latest 30)</Trans>
          </legend>
          {recent.length === 0 && (
            <Hint>
              <Trans>No flights: exercises on the ground can be signed without one.</Trans>
            </Hint>
          )}
          {recent.map((f) => (
            <label key={f.id}>
              <input type="checkbox" checked={flightIds.includes(f.id)} onChange={() => setFlightIds(toggle(flightIds, f.id))} /> {localDateTime(f.startTime, i18n.locale, f.timeZone)}
              {f.siteName ?? f.takeoffLocation ? ` · ${f.siteName ?? f.takeoffLocation}` : ''}
            </label>
          ))}
        </Choices>
        <Label htmlFor={ids.note}>
          <Trans>Note to the instructor (optional)</Trans>
        </Label>
        <Input id={ids.note} value={note} onChange={(e) => setNote(e.target.value)} maxLength={2000} />
        {error && (
          <Alert $tone="error" role="alert">
            {errorMessage(error, t`The request could not be sent`)}
          </Alert>
        )}
        {isSuccess && (
          <Alert $tone="success" role="status">
            <Trans>Request sent. The instructor sees it in their training log.</Trans>
          </Alert>
        )}
        <Button type="submit" disabled={isLoading || exerciseIds.length === 0}>
          <Trans>Send the request</Trans>
        </Button>
      </Form>
    </Section>
  );
}

function IncomingRequest({ request }: { request: TrainingRequest }) {
  const { t, i18n } = useLingui();
  const commentId = useId();
  const [comment, setComment] = useState('');
  const [sign, signing] = useSignRequestMutation();
  const [decline, declining] = useDeclineRequestMutation();
  const error = signing.error ?? declining.error;
  return (
    <li aria-label={t`Request from ${request.person}`}>
      <p>
        <strong>{request.person}</strong> · {localDateTime(request.createdAt, i18n.locale, null, false)}
        {request.note ? ` · ${request.note}` : ''}
      </p>
      <FlightsAndExercises request={request} />
      {request.status === 'pending' ? (
        <>
          <Label htmlFor={commentId}>
            <Trans>Comment</Trans>
          </Label>
          <Input id={commentId} value={comment} onChange={(e) => setComment(e.target.value)} maxLength={2000} />
          {error && (
            <Alert $tone="error" role="alert">
              {errorMessage(error, t`The answer could not be saved`)}
            </Alert>
          )}
          <Row>
            <Button type="button" disabled={signing.isLoading} onClick={() => void sign({ id: request.id, comment: comment || undefined })}>
              <Trans>Sign</Trans>
            </Button>
            <Button type="button" $variant="secondary" disabled={declining.isLoading} onClick={() => void decline({ id: request.id, comment })}>
              <Trans>Decline</Trans>
            </Button>
          </Row>
        </>
      ) : (
        <p>{request.status === 'signed' ? <Trans>Signed</Trans> : <Trans>Declined</Trans>}</p>
      )}
    </li>
  );
}

function IncomingRequests() {
  const { t } = useLingui();
  const incoming = useIncomingRequestsQuery();
  return (
    <Section aria-labelledby="incoming">
      <h2 id="incoming">
        <Trans>Requests to you as instructor</Trans>
      </h2>
      {incoming.isError ? (
        <Alert $tone="error" role="alert">
          {errorMessage(incoming.error, t`Failed to load the requests`)}
        </Alert>
      ) : !incoming.currentData ? (
        <Spinner />
      ) : incoming.currentData.requests.length === 0 ? (
        <p>
          <Trans>No requests yet.</Trans>
        </p>
      ) : (
        <ul>
          {incoming.currentData.requests.map((r) => (
            <IncomingRequest key={r.id} request={r} />
          ))}
        </ul>
      )}
    </Section>
  );
}

function ExerciseList() {
  const { t, i18n } = useLingui();
  const nameId = useId();
  const exercises = useExercisesQuery();
  const [add, adding] = useAddExerciseMutation();
  const [retire, retiring] = useRetireExerciseMutation();
  const [name, setName] = useState('');
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (await add({ name }).unwrap().then(() => true, () => false)) setName('');
  };
  return (
    <Section aria-labelledby="exercise-list">
      <h2 id="exercise-list">
        <Trans>Exercise list</Trans>
      </h2>
      <ExerciseRows>
        {(exercises.currentData?.exercises ?? [])
          .filter((x) => !x.retired)
          .map((x) => (
            <li key={x.id}>
              {exerciseName(i18n, x)}{' '}
              <Button type="button" $variant="secondary" disabled={retiring.isLoading} onClick={() => void retire(x.id)} aria-label={t`Retire ${exerciseName(i18n, x)}`}>
                <Trans>Retire</Trans>
              </Button>
            </li>
          ))}
      </ExerciseRows>
      <Form onSubmit={onSubmit}>
        <Label htmlFor={nameId}>
          <Trans>New exercise</Trans>
        </Label>
        <Input id={nameId} value={name} onChange={(e) => setName(e.target.value)} required maxLength={80} />
        {(adding.error ?? retiring.error) && (
          <Alert $tone="error" role="alert">
            {errorMessage(adding.error ?? retiring.error, t`The exercise list could not be changed`)}
          </Alert>
        )}
        <Button type="submit" disabled={adding.isLoading}>
          <Trans>Add the exercise</Trans>
        </Button>
      </Form>
    </Section>
  );
}
