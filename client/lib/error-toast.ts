import { type ToastInput, toast } from '@/components/ui/use-toast.ts';

/** What a failure says when it carries no message of its own. */
export const FALLBACK_ERROR_MESSAGE = 'Something went wrong. Please try again.';

export type ErrorWords = { title?: string; description?: string };

/**
 * The red toast of a failure: the server's message, or a check's own sentence, or our own
 * words, under a title.
 */
export function errorToast(error: unknown, words: ErrorWords = {}): ToastInput {
  const given = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const message = given.trim() !== '' ? given : FALLBACK_ERROR_MESSAGE;
  return {
    title: words.title ?? 'Error',
    description: words.description ?? message,
    variant: 'destructive',
  };
}

/**
 * The one way a failed write (or a check before one) reaches the user when no form beside the
 * action can show it: `onError: showError`. A form puts the message in its FormProblem instead.
 */
export function showError(error: Error | string): void {
  toast(errorToast(error));
}

/**
 * `showError` with our own words, where the server's message alone would say too little
 * ("Login failed") or a sentence of ours says better what to do next.
 */
export function showErrorAs(
  words: ErrorWords | ((error: Error) => ErrorWords),
): (error: Error) => void {
  return (error) => toast(errorToast(error, typeof words === 'function' ? words(error) : words));
}
