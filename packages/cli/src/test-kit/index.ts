export { freePort, latticeCommand, startRole, type RoleProcess } from './role-process.js';
export { startServicesTopology, withMongoPassword, type FrontendPluginEntry, type ServicesTopology, type ServicesTopologyOptions } from './services-topology.js';
export { postGraphQL, steadyLoad, type GraphQLAnswer } from './graphql-over-http.js';
export { nginxInstalled } from './nginx-process.js';
export { startTestProxy, testDomain, type TestProxy } from './test-proxy.js';
export { startPluginHostsTopology, type PluginHostsTopology, type TopologyPlugin } from './plugin-hosts-topology.js';
