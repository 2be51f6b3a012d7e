export {
  BrowserService,
  type BrowserTask,
  CHROMIUM_FLAGS,
  type TaskInfo,
} from './browserService.ts';
export { BrowserUnavailableError, RefusedUrlError, TaskTimeoutError } from './errors.ts';
export { chromiumMemoryMb, chromiumProcesses } from './processMemory.ts';
export { UrlGuard } from './urlGuard.ts';
