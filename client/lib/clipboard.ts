/**
 * Copies text. The Clipboard API exists only on secure origins (https, localhost); elsewhere
 * (a server reached by its LAN address) fall back to a selected textarea and execCommand.
 */
export async function copyText(text: string): Promise<void> {
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
