import { openEmbeddedStore } from '@delivery/embedded-store';
import { tempDataDir } from '@delivery/testing';
import { EmbeddedDeliveryRepository } from './delivery.embedded-repository';
import { describeDeliveryRepositoryContract } from './delivery.repository.contract';

const dir = tempDataDir('deliveries-');
const store = openEmbeddedStore(dir.path);

describeDeliveryRepositoryContract(
  'embedded',
  async () => new EmbeddedDeliveryRepository(store),
  async () => {
    await store.close();
    dir.remove();
  },
);
