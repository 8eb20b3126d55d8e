export const company = {
  name: 'GulfSec Distribution',
  tagline: 'Value-added cybersecurity distribution for the GCC',
  address: ['Office 1405, Bay Square Building 11', 'Business Bay, Dubai', 'United Arab Emirates'],
  phone: '+971 4 555 0142',
  phoneHref: 'tel:+97145550142',
  emergencyPhone: '+971 50 555 0199',
  emergencyPhoneHref: 'tel:+971505550199',
  email: 'info@gulfsecdistribution.com',
  salesEmail: 'sales@gulfsecdistribution.com',
  supportEmail: 'support@gulfsecdistribution.com',
  hours: 'Sunday to Thursday, 8:30 AM to 6:00 PM (GST)',
} as const;
