import { type ToastInput, toast } from '@/components/ui/use-toast.ts';
import { errorToast } from './error-toast.ts';

/**
 * Copies text. The Clipboard API exists only on secure origins (https, localhost); elsewhere
 * (a server reached by its LAN address) fall back to a selected textarea and execCommand.
 */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('Copy was refused by the browser');
  } finally {
    area.remove();
  }
}

/**
 * Copies text and says so in a toast; when the browser refuses, says how to copy the `what`
 * (link, key, secret) by hand.
 */
export async function copyAndTell(text: string, copied: ToastInput, what: string): Promise<void> {
  try {
    await copyText(text);
    toast(copied);
  } catch (error) {
    toast(
      errorToast(error, {
        title: 'Copy failed',
        description: `Select the ${what} and copy it by hand.`,
      }),
    );
  }
}
