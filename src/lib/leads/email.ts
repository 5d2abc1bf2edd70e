/** The email service (EmailJS) that carries every lead form except the home popup: POST /api/v1.0/email/send. */

export interface EmailSettings {
  /** Origin of the email service API; requests go to {origin}/api/v1.0/email/send. */
  origin: string;
  publicKey: string;
  serviceId: string;
  templateId: string;
}

/**
 * Whether the site was built to use the email service: with none of its settings (the embedded defaults), leads go to
 * the site's own store, which is the designed path, not a failure.
 */
export const emailServiceChosen = (email: EmailSettings): boolean =>
  Boolean(email.publicKey || email.serviceId || email.templateId);

/**
 * What is missing from the settings, in the service's own words ("The user ID is required.") with the variable that sets each:
 * shown to the site's developer in the console when some are set and some are not, never to a visitor.
 */
export function missingEmailSettings(email: EmailSettings): string[] {
  const missing: string[] = [];
  if (!email.publicKey) missing.push('The user ID is required. Set PUBLIC_EMAILJS_PUBLIC_KEY (the public key).');
  if (!email.serviceId) missing.push('The service ID is required. Set PUBLIC_EMAILJS_SERVICE_ID.');
  if (!email.templateId) missing.push('The template ID is required. Set PUBLIC_EMAILJS_TEMPLATE_ID.');
  return missing;
}
