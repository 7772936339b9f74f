import { rabbitmqctlUnavailableReason, rabbitmqUnavailableReason } from '../test-support/rabbitmq.js';

// One entry for every RabbitMQ suite, so a machine without RabbitMQ gets one line saying so.
const unavailable = await rabbitmqUnavailableReason();
if (unavailable) {
  console.log(`RabbitMQ suites skipped: ${unavailable}`);
} else {
  const { defineContractSuite } = await import('./contract.suite.js');
  const { defineWireInteropSuite } = await import('./wire-interop.suite.js');
  const { defineOutageSuite } = await import('./outage.suite.js');
  defineContractSuite();
  defineWireInteropSuite();
  defineOutageSuite();
  const noRabbitmqctl = await rabbitmqctlUnavailableReason();
  if (noRabbitmqctl) {
    console.log(`RabbitMQ fault tests skipped: ${noRabbitmqctl}`);
  } else {
    const { defineReconnectSuite } = await import('./reconnect.suite.js');
    defineReconnectSuite();
  }
}
