import { test as base } from '../fixtures.ts';
import { DELIVERY_PORTS, siteUrl } from '../ports.ts';
import type { Encoding } from '../../src/testing/delivery-sites.ts';
import { Receiver } from './receiver.ts';

export { expect, visit } from '../fixtures.ts';

/**
 * The browser tests of a delivery site (its encoding set by its Playwright project), with the receiver its forms post
 * to: started on this machine by the test worker, emptied before each test.
 */
export const test = base.extend<
  { receiver: Receiver; receiverOrigin: string },
  { encoding: Encoding; workerReceiver: Receiver }
>({
  encoding: ['json', { option: true, scope: 'worker' }],
  workerReceiver: [
    async ({ encoding }, use) => {
      const receiver = new Receiver();
      await receiver.start(DELIVERY_PORTS[encoding].receiver);
      await use(receiver);
      await receiver.stop();
    },
    { scope: 'worker' },
  ],
  receiver: async ({ workerReceiver }, use) => {
    workerReceiver.reset();
    await use(workerReceiver);
  },
  receiverOrigin: async ({ encoding }, use) => use(siteUrl(DELIVERY_PORTS[encoding].receiver)),
  otherOrigins: async ({ receiverOrigin }, use) => use([receiverOrigin]),
});
