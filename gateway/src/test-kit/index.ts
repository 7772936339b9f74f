// For tests of the gateway and of plugins (the plugin-sdk test kit passes it on): not used by the gateway itself.
export { subscribeOverWebSocket, type SubscriptionEnd, type TestSubscription } from './subscribe-over-websocket.js';
