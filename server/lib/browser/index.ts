export {
  BrowserService,
  type TaskInfo,
} from './browser-service.ts';
export { BrowserUnavailableError, RefusedUrlError, TaskTimeoutError } from './errors.ts';
export { chromiumMemoryMb } from './process-memory.ts';
export { UrlGuard } from './url-guard.ts';
