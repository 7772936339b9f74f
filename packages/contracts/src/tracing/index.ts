export { startTracing, tracingConfigured, type Tracing, type TracingOptions } from './start-tracing.js';
export { contextFrom, startServerSpan, traceDatabaseCommands, TRACE_HEADERS, tracingOn, withSpan, type ServerSpan } from './trace-requests.js';
