export { escapeHtml, html, SafeHtml, safeHref } from './html.ts';
export { mailSendJob } from './job.ts';
export { Mailer, type OutgoingMessage } from './mailer.ts';
export {
  type CodeRequestInput,
  codeRequestMessage,
  type MailContent,
  type NewSubmissionInput,
  newSubmissionMessage,
  type PasswordLinkInput,
  passwordLinkMessage,
  type ReportReadyInput,
  reportReadyMessage,
  type SubmissionReceivedInput,
  submissionReceivedMessage,
} from './messages.ts';
export type { MailAttachment } from './outbox.ts';

/**
 * Above this total size a report goes out as links only: many mail servers refuse messages
 * over 10-25 MB, and base64 adds a third.
 */
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
