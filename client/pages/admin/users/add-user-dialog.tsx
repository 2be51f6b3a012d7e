import type { Role } from '@common/api.ts';
import type { UserActionResult } from '@common/users.ts';
import { type FormEvent, useId, useState } from 'react';
import { FormProblem, SaveCancelFooter } from '@/components/form-dialog-parts.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { useAddUser } from './use-users.ts';
import { checkNewUser, EMPTY_NEW_USER, type NewUserValues, ROLE_LABELS } from './user-display.ts';

/** Add User (SPEC sections 2, 3, 5): username, email, role, Send credentials. */
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
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Add User</DialogTitle>
          <DialogDescription>
            The new user chooses their own password through a one-time link.
          </DialogDescription>
        </DialogHeader>
        {open ? <AddUserForm onAdded={onAdded} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function Required() {
  return (
    <span className="text-red-600" aria-hidden="true">
      {' '}
      *
    </span>
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
      <div className="grid gap-2">
        <Label htmlFor={`${id}-username`}>
          Username
          <Required />
        </Label>
        <Input
          id={`${id}-username`}
          value={values.username}
          onChange={(event) => set('username', event.target.value)}
          maxLength={50}
          autoComplete="off"
          aria-required="true"
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-email`}>
          Email
          <Required />
        </Label>
        <Input
          id={`${id}-email`}
          type="email"
          value={values.email}
          onChange={(event) => set('email', event.target.value)}
          maxLength={254}
          autoComplete="off"
          aria-required="true"
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-role`}>Role</Label>
        <select
          id={`${id}-role`}
          value={values.role}
          onChange={(event) => set('role', event.target.value as Role)}
          className="h-9 rounded-md border border-slate-300 bg-white px-3 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          {(['user', 'admin'] as const).map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1 text-sm">
        <label className="flex cursor-pointer items-center gap-3 font-medium text-slate-900">
          <input
            type="checkbox"
            checked={values.sendCredentials}
            onChange={(event) => set('sendCredentials', event.target.checked)}
            aria-describedby={`${id}-send-note`}
            className="size-4 shrink-0 accent-blue-600"
          />
          Send credentials
        </label>
        <p id={`${id}-send-note`} className="pl-7 text-slate-600">
          Email the user a link to set their password (valid 72 hours). Unchecked, you get the link
          once to hand over yourself.
        </p>
      </div>
      <FormProblem problem={problem} />
      <SaveCancelFooter saving={addUser.isPending} submitLabel="Add User" />
    </form>
  );
}
