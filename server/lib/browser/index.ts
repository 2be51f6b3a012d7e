export {
  BrowserService,
  type BrowserTask,
  CHROMIUM_FLAGS,
  type TaskInfo,
} from './browser-service.ts';
export { BrowserUnavailableError, RefusedUrlError, TaskTimeoutError } from './errors.ts';
export { chromiumMemoryMb, chromiumProcesses } from './process-memory.ts';
export { UrlGuard } from './url-guard.ts';
