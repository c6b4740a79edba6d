import { MongoAccountRepository } from '@delivery/accounts/mongo';
export const probe = MongoAccountRepository;
