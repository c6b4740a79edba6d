import type { NotificationMoment } from '@delivery/contracts';
import { DEFAULT_WORDINGS, type MomentWording } from './default-templates';

/**
 * A moment's wording in the recipient's language, else the account's default, else English;
 * for each, the account's own (keyed `moment.language`) before the shipped one. Says which
 * language it is in.
 */
export function wordingFor(
  moment: NotificationMoment,
  language: string,
  defaultLanguage: string,
  own: Readonly<Record<string, MomentWording>> = {},
): { wording: MomentWording; language: string } {
  for (const candidate of [language, defaultLanguage, 'en']) {
    const wording = own[`${moment}.${candidate}`] ?? DEFAULT_WORDINGS[candidate]?.[moment];
    if (wording) return { wording, language: candidate };
  }
  throw new Error(`no wording for ${moment}`);
}
