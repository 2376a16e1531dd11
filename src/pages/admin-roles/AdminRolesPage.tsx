import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { ROLES, type Role } from '../../../contract/roles';
import { errorMessage } from '../../api/base';
import { useRoleHoldersQuery, useSetRoleMutation } from '../../api/roles';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { Section, Sections } from '../../components/layout';
import { Alert, Button, Form, Input, Label, Select, Spinner } from '../../components/ui';

/** `/admin/roles` (admins): who is an instructor or a safety officer (docs/career.md, "Roles"); `npm run admin -- grant-role` does the same. */
export default function AdminRolesPage() {
  const { t } = useLingui();
  const ids = { email: useId(), role: useId() };
  const holders = useRoleHoldersQuery();
  const [setRole, { isLoading, error }] = useSetRoleMutation();
  const [email, setEmail] = useState('');
  const [role, setRoleChoice] = useState<Role>('instructor');
  const roleName = (r: Role) => (r === 'instructor' ? t`Instructor` : t`Safety officer`);
  useDocumentTitle(t`Roles`);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (await setRole({ email, role, granted: true }).unwrap().then(() => true, () => false)) setEmail('');
  };
  return (
    <>
      <h1>
        <Trans>Roles</Trans>
      </h1>
      <Sections>
        <Section aria-labelledby="grant-role">
          <h2 id="grant-role">
            <Trans>Grant a role</Trans>
          </h2>
          <Form onSubmit={onSubmit}>
            <Label htmlFor={ids.email}>
              <Trans>Pilot’s email</Trans>
            </Label>
            <Input id={ids.email} type="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
            <Label htmlFor={ids.role}>
              <Trans>Role</Trans>
            </Label>
            <Select id={ids.role} value={role} onChange={(e) => setRoleChoice(e.target.value as Role)}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {roleName(r)}
                </option>
              ))}
            </Select>
            {error && (
              <Alert $tone="error" role="alert">
                {errorMessage(error, t`The role could not be changed`)}
              </Alert>
            )}
            <Button type="submit" disabled={isLoading}>
              <Trans>Grant</Trans>
            </Button>
          </Form>
        </Section>
        <Section aria-labelledby="role-holders">
          <h2 id="role-holders">
            <Trans>Pilots with a role</Trans>
          </h2>
          {holders.isError ? (
            <Alert $tone="error" role="alert">
              {errorMessage(holders.error, t`Failed to load the roles`)}
            </Alert>
          ) : !holders.currentData ? (
            <Spinner />
          ) : holders.currentData.holders.length === 0 ? (
            <p>
              <Trans>No pilot holds a role yet.</Trans>
            </p>
          ) : (
            <ul>
              {holders.currentData.holders.flatMap((h) =>
                h.roles.map((r) => (
                  <li key={`${h.email}-${r}`}>
                    {h.displayName ?? h.username} ({h.email}) · {roleName(r)}{' '}
                    <Button type="button" $variant="secondary" disabled={isLoading} onClick={() => void setRole({ email: h.email, role: r, granted: false })} aria-label={t`Take back ${roleName(r)} from ${h.email}`}>
                      <Trans>Take back</Trans>
                    </Button>
                  </li>
                )),
              )}
            </ul>
          )}
        </Section>
      </Sections>
    </>
  );
}
