// The configuration the dist-test build uses: reserved hosts and fake keys that tests intercept with page.route.
export const testSettings = {
  PUBLIC_CRM_HOST: 'https://crm.test.example',
  PUBLIC_CRM_TOKEN: 'test-crm-token',
  PUBLIC_EMAILJS_ORIGIN: 'https://email.test.example',
  PUBLIC_EMAILJS_PUBLIC_KEY: 'test-public-key',
  PUBLIC_EMAILJS_SERVICE_ID: 'test-service',
  PUBLIC_EMAILJS_TEMPLATE_ID: 'test-template',
};
