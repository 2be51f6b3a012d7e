export { mailSendJob } from './job.ts';
export { Mailer, type OutgoingMessage } from './mailer.ts';
export {
  codeRequestMessage,
  newSubmissionMessage,
  passwordLinkMessage,
  reportReadyMessage,
  submissionReceivedMessage,
} from './messages.ts';
