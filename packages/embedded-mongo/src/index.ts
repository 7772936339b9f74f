export { startEmbeddedMongo } from './server/embedded-server.js';
export type { EmbeddedMongo, EmbeddedMongoOptions } from './server/embedded-server.js';
