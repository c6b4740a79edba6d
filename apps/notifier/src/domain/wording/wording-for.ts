import type { NotificationMoment } from '@delivery/contracts';
import { DEFAULT_WORDINGS, type MomentWording } from './default-templates';

/** A moment's wording in the recipient's language, else the account's default, else English; and the language it is in. */
export function wordingFor(
  moment: NotificationMoment,
  language: string,
  defaultLanguage: string,
): { wording: MomentWording; language: string } {
  for (const candidate of [language, defaultLanguage, 'en']) {
    const wording = DEFAULT_WORDINGS[candidate]?.[moment];
    if (wording) return { wording, language: candidate };
  }
  throw new Error(`no wording for ${moment}`);
}
