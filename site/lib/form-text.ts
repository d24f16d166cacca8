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
  // The sign-up island gets only what it shows or says (its heading and intro are the page's, the
  // other forms' notes are not its own): its props travel in every page's first response (decision 120).
  const { title: _title, intro: _intro, showName: _showName, thirdPartyFormId: _thirdPartyFormId, ...newsletterForm } = newsletter;
  const { requiredHint: _requiredHint, privacyNote: _privacyNote, ...newsletterCommon } = common;
  return { common, webinar: forms.webinar, contact: forms.contact, newsletter, newsletterForm, newsletterCommon };
}
