import type { Role } from '@common/api.ts';
import type { UserActionResult } from '@common/users.ts';
import { type FormEvent, useId, useState } from 'react';
import { CheckboxField, Field, selectClass, TextField } from '@/components/field.tsx';
import { FormProblem, SaveCancelFooter } from '@/components/form-dialog-parts.tsx';
import { ModalDialog } from '@/components/modal-dialog.tsx';
import { useAddUser } from './use-users.ts';
import { checkNewUser, EMPTY_NEW_USER, type NewUserValues, ROLE_LABELS } from './user-display.ts';

/** Add User: username, email, role, and whether to email the set-password link. */
export function AddUserDialog({
  open,
  onClose,
  onAdded,
}: {
  open: boolean;
  onClose: () => void;
  onAdded: (result: UserActionResult) => void;
}) {
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      className="max-w-lg"
      title="Add User"
      description="The new user chooses their own password through a one-time link."
    >
      {open ? <AddUserForm onAdded={onAdded} /> : null}
    </ModalDialog>
  );
}

function AddUserForm({ onAdded }: { onAdded: (result: UserActionResult) => void }) {
  const [values, setValues] = useState<NewUserValues>(EMPTY_NEW_USER);
  const [problem, setProblem] = useState<string | null>(null);
  const addUser = useAddUser();
  const id = useId();

  function set<K extends keyof NewUserValues>(key: K, value: NewUserValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkNewUser(values);
    if (!checked.ok) return setProblem(checked.message);
    setProblem(null);
    addUser.mutate(checked.body, {
      onSuccess: onAdded,
      onError: (error) => setProblem(error.message),
    });
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-busy={addUser.isPending}>
      <TextField
        id={`${id}-username`}
        label="Username"
        markRequired
        value={values.username}
        onChange={(event) => set('username', event.target.value)}
        maxLength={50}
        autoComplete="off"
      />
      <TextField
        id={`${id}-email`}
        label="Email"
        markRequired
        type="email"
        value={values.email}
        onChange={(event) => set('email', event.target.value)}
        maxLength={254}
        autoComplete="off"
      />
      <Field label="Role" htmlFor={`${id}-role`}>
        <select
          id={`${id}-role`}
          value={values.role}
          onChange={(event) => set('role', event.target.value as Role)}
          className={selectClass}
        >
          {(['user', 'admin'] as const).map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
      </Field>
      <CheckboxField
        label="Send credentials"
        checked={values.sendCredentials}
        onChange={(checked) => set('sendCredentials', checked)}
        note="Email the user a link to set their password (valid 72 hours). Unchecked, you get the link once to hand over yourself."
      />
      <FormProblem problem={problem} />
      <SaveCancelFooter saving={addUser.isPending} submitLabel="Add User" />
    </form>
  );
}
