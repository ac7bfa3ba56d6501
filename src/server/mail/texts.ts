import type { Lang } from '../../shared/messages.ts';

// The words of the account mails, in the language the person chose (stored on the account: chosen
// with the switch, or sent with the sign-up form when it was filled in Bangla). English when they
// never chose. Typed per language, so a mail missing in Bangla does not compile.

interface ActionText {
  subject: string;
  lines: string[];
  action: string;
}

export interface MailTexts {
  greeting: (name: string) => string;
  verify: ActionText;
  reset: ActionText;
  existingSignUp: ActionText;
  signature: string;
}

const company = 'AMA Metal & Wire Industries';

export const mailTexts: Record<Lang, MailTexts> = {
  en: {
    greeting: (name) => `Hello ${name},`,
    verify: {
      subject: `Verify your email: ${company}`,
      lines: ['Please confirm that this is your email address to finish creating your account.'],
      action: 'Verify my email',
    },
    reset: {
      subject: `Reset your password: ${company}`,
      lines: [
        'Someone asked to reset the password of your account. If it was you, open the link below within an hour.',
        'If it was not you, ignore this mail; your password stays as it is.',
      ],
      action: 'Set a new password',
    },
    existingSignUp: {
      subject: `Sign-up attempt: ${company}`,
      lines: ['Someone tried to create an account with your email address, which already has one. If you forgot your password, reset it from the login page.'],
      action: 'Log in',
    },
    signature: company,
  },
  bn: {
    greeting: (name) => `প্রিয় ${name},`,
    verify: {
      subject: `আপনার ইমেইল নিশ্চিত করুন: ${company}`,
      lines: ['অ্যাকাউন্ট খোলা শেষ করতে নিশ্চিত করুন যে এই ইমেইল ঠিকানাটি আপনার।'],
      action: 'আমার ইমেইল নিশ্চিত করুন',
    },
    reset: {
      subject: `পাসওয়ার্ড বদলান: ${company}`,
      lines: [
        'কেউ আপনার অ্যাকাউন্টের পাসওয়ার্ড বদলাতে চেয়েছেন। আপনি হলে এক ঘণ্টার মধ্যে নিচের লিংকটি খুলুন।',
        'আপনি না হলে এই মেইলটি উপেক্ষা করুন; আপনার পাসওয়ার্ড যেমন আছে তেমনই থাকবে।',
      ],
      action: 'নতুন পাসওয়ার্ড দিন',
    },
    existingSignUp: {
      subject: `সাইন আপের চেষ্টা: ${company}`,
      lines: ['কেউ আপনার ইমেইল ঠিকানা দিয়ে একটি অ্যাকাউন্ট খুলতে চেয়েছেন, কিন্তু এই ঠিকানায় আগেই একটি অ্যাকাউন্ট আছে। পাসওয়ার্ড ভুলে গেলে লগইন পাতা থেকে তা বদলে নিন।'],
      action: 'লগইন',
    },
    signature: company,
  },
};

/** The texts for a person: their account's language, English when none was chosen. */
export function mailTextsFor(user: { lang?: unknown }): MailTexts {
  return user.lang === 'bn' ? mailTexts.bn : mailTexts.en;
}
