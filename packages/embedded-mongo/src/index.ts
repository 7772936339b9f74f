export { startEmbeddedMongo } from './server/embedded-server.js';
export type { EmbeddedMongo, EmbeddedMongoOptions } from './server/embedded-server.js';
export { startEmbeddedMongoThread } from './server/embedded-server-thread.js';
export type { EmbeddedMongoUser } from './auth/users.js';
export { isLoopbackHost } from './auth/loopback-host.js';
