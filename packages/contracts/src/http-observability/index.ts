export { createRoleMetrics, metricsContentType, type RoleMetrics } from './role-metrics.js';
export { METRICS_PATH, observeRequests, type AccessLogger, type ObserveRequestsOptions } from './observe-requests.js';
export { parsePrometheusText, sumOfSamples, type PrometheusSample } from './parse-prometheus-text.js';
