import { type ReactNode, useEffect, useState } from 'react';

/**
 * One toast at a time: a new message replaces the one showing, so the latest is the one read.
 * A dismissed toast closes at once and leaves the list 1,000,000 ms later.
 */
const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

type ToastVariant = 'default' | 'destructive' | 'success';

export type ToastInput = {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** How long the toast stays, in ms; the provider's 5000 ms when absent. */
  duration?: number;
};

export type ToastItem = ToastInput & { id: string; open: boolean };

type Listener = (toasts: ToastItem[]) => void;

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<Listener>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function publish(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener(toasts);
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  const timer = setTimeout(() => {
    removalTimers.delete(id);
    publish(toasts.filter((t) => t.id !== id));
  }, TOAST_REMOVE_DELAY_MS);
  removalTimers.set(id, timer);
}

/** Closes a toast (all toasts without an id); it leaves the list after the removal delay. */
export function dismissToast(id?: string) {
  for (const t of toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id);
  publish(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

/** Shows a toast, replacing the visible one. Returns its id. */
export function toast(input: ToastInput): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  publish([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

/** The toasts right now (newest first). */
export function getToasts(): ToastItem[] {
  return toasts;
}

/** The current toasts, re-rendering when they change. */
export function useToasts(): ToastItem[] {
  const [state, setState] = useState(toasts);
  useEffect(() => {
    listeners.add(setState);
    setState(toasts);
    return () => {
      listeners.delete(setState);
    };
  }, []);
  return state;
}
