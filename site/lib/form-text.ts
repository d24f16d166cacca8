/** The form islands' texts, read from site/content/forms.yaml and newsletter.yaml. */
import type { CommonFormText } from '../components/forms/useLeadForm.ts';
import { content } from './content.ts';

export async function formText() {
  const forms = await content('forms');
  const newsletter = await content('newsletter');
  const common: CommonFormText = {
    requiredHint: forms.requiredHint,
    optionalSuffix: forms.optionalSuffix,
    privacyNote: forms.privacyNote,
    privacyLinkLabel: forms.privacyLinkLabel,
    missingFields: forms.missingFields,
    networkError: forms.networkError,
    toaster: { closeLabel: forms.toastCloseLabel, regionLabel: forms.notificationsLabel },
  };
  return { common, webinar: forms.webinar, contact: forms.contact, newsletter };
}
