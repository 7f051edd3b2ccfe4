/**
 * Valid answers to the spec site's two forms, by field name, and the label each field has there: what unit and
 * browser tests type into the forms, and what a delivery must carry.
 */
export const VALID_APPLICATION = {
  fullName: 'Ama Mensah',
  email: 'ama@example.com',
  phone: '+233241234567',
  instagram: '@ama.moves',
  primaryPlatform: 'tiktok',
  followers: '50K',
  niche: 'fitness',
  bio: 'I make short fitness videos for busy students in Accra, every single day.',
  rateRange: '$200 - $500',
  whyJoin: 'I want to work with brands that care about health and young people in Ghana.',
};

export const APPLICATION_LABELS: Record<keyof typeof VALID_APPLICATION, string> = {
  fullName: 'Full Name',
  email: 'Email Address',
  phone: 'Phone Number',
  instagram: 'Instagram',
  primaryPlatform: 'Primary Platform',
  followers: 'Total Followers',
  niche: 'Content Niche',
  bio: 'Bio',
  rateRange: 'Rate Range per Post',
  whyJoin: 'Why do you want to join our network?',
};

export const VALID_INQUIRY = {
  name: 'Kojo Mensah',
  email: 'kojo@brand.com',
  company: 'Brand Ltd',
  service: 'media',
  message: 'We want a campaign for our launch in March.',
};

export const INQUIRY_LABELS: Record<keyof typeof VALID_INQUIRY, string> = {
  name: 'Name',
  email: 'Email',
  company: 'Company',
  service: 'Service of Interest',
  message: 'Message',
};
