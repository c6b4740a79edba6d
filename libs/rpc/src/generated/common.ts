import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { Address as _delivery_v1_Address, Address__Output as _delivery_v1_Address__Output } from './delivery/v1/Address';
import type { Charge as _delivery_v1_Charge, Charge__Output as _delivery_v1_Charge__Output } from './delivery/v1/Charge';
import type { Contact as _delivery_v1_Contact, Contact__Output as _delivery_v1_Contact__Output } from './delivery/v1/Contact';
import type { DeliveryRequirements as _delivery_v1_DeliveryRequirements, DeliveryRequirements__Output as _delivery_v1_DeliveryRequirements__Output } from './delivery/v1/DeliveryRequirements';
import type { Dimensions as _delivery_v1_Dimensions, Dimensions__Output as _delivery_v1_Dimensions__Output } from './delivery/v1/Dimensions';
import type { Money as _delivery_v1_Money, Money__Output as _delivery_v1_Money__Output } from './delivery/v1/Money';
import type { PackageRequest as _delivery_v1_PackageRequest, PackageRequest__Output as _delivery_v1_PackageRequest__Output } from './delivery/v1/PackageRequest';
import type { Party as _delivery_v1_Party, Party__Output as _delivery_v1_Party__Output } from './delivery/v1/Party';
import type { TimeWindow as _delivery_v1_TimeWindow, TimeWindow__Output as _delivery_v1_TimeWindow__Output } from './delivery/v1/TimeWindow';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  delivery: {
    v1: {
      Address: MessageTypeDefinition<_delivery_v1_Address, _delivery_v1_Address__Output>
      Charge: MessageTypeDefinition<_delivery_v1_Charge, _delivery_v1_Charge__Output>
      Contact: MessageTypeDefinition<_delivery_v1_Contact, _delivery_v1_Contact__Output>
      DeliveryRequirements: MessageTypeDefinition<_delivery_v1_DeliveryRequirements, _delivery_v1_DeliveryRequirements__Output>
      Dimensions: MessageTypeDefinition<_delivery_v1_Dimensions, _delivery_v1_Dimensions__Output>
      Money: MessageTypeDefinition<_delivery_v1_Money, _delivery_v1_Money__Output>
      PackageRequest: MessageTypeDefinition<_delivery_v1_PackageRequest, _delivery_v1_PackageRequest__Output>
      Party: MessageTypeDefinition<_delivery_v1_Party, _delivery_v1_Party__Output>
      TimeWindow: MessageTypeDefinition<_delivery_v1_TimeWindow, _delivery_v1_TimeWindow__Output>
    }
  }
}

