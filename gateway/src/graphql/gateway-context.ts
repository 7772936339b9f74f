import type { HeaderRecord } from '../http/forwarded-headers.js';
import type { InFlightRequests } from '../subgraphs/in-flight-requests.js';

/** Per-request state shared by the planner's subgraph calls. */
export interface GatewayContext {
  /** The request id every call carries (`x-request-id`) and every log line names. */
  readonly reqId: string;
  /** Who asks (callerIdentity): each subgraph call waits for this caller's fair turn at its plugin. */
  readonly caller?: string;
  /** Headers every subgraph call carries (cookie, authorization, x-forwarded-*…). */
  readonly forwardHeaders: HeaderRecord;
  /** `Set-Cookie` values from subgraph responses, returned to the client (e.g. the core's login). */
  readonly setCookies: string[];
  /** Where identical sub-requests in flight at once share one call. */
  readonly inFlight?: InFlightRequests;
  /** Set when the client asked for a fresh answer (no-cache): sub-requests join only calls started after it. */
  readonly freshSince?: number;
}
