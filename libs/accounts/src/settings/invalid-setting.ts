/**
 * A setting that cannot be used as given (a webhook URL outside the outbound policy, a second
 * user with one email, a fleet over the account's limits): its message names the field. The
 * console answers it as a 400, the admin CLI as a usage error, in the rule's own words.
 */
export class InvalidSetting extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** What an add refuses: the account has that setting already (the caller may replace it instead). */
export class SettingExists extends InvalidSetting {}

/** What a change names does not exist (an account, a fleet): the CLI's not-found, as before the use cases. */
export class SettingNotFound extends InvalidSetting {}
