import { describe, expect, it } from 'vitest';
import { bdMobile, dueMessage, smsHref, whatsappHref } from '../../src/shared/share-message.ts';

// The due sent on WhatsApp or SMS (issue 29 item 5): the number as WhatsApp wants it, and the message.
describe('bdMobile', () => {
  it.each([
    ['01712345678', '8801712345678'],
    ['01712-345678', '8801712345678'],
    ['+880 1712 345678', '8801712345678'],
    ['8801712345678', '8801712345678'],
    ['(017) 1234-5678', '8801712345678'],
  ])('%s → %s', (input, out) => expect(bdMobile(input)).toBe(out));
  it.each(['', '0171234567', '02712345678', '01212345678', '+44 7700 900123', 'call me', null, undefined])('%s → null', (input) =>
    expect(bdMobile(input)).toBeNull(),
  );
});

describe('dueMessage', () => {
  const p = { company: 'AMA Metal & Wire Industries', name: 'Karim Traders', due: 235577217, asOf: '2026-11-26', url: 'https://x/s/abc' };
  it('says the due in figures and words, the day and the link, in English', () => {
    expect(dueMessage('en', p)).toBe(
      'Karim Traders, your due to AMA Metal & Wire Industries as of 26 November 2026 is ৳\u00a023,55,772.17 (Taka Twenty-Three Lakh Fifty-Five Thousand Seven Hundred Seventy-Two and Paisa Seventeen Only). Your statement, to confirm or dispute: https://x/s/abc',
    );
  });
  it('in Bangla, with Bengali digits', () => {
    const text = dueMessage('bn', p);
    expect(text).toContain('২৬ নভেম্বর ২০২৬');
    expect(text).toContain('৳\u00a0২৩,৫৫,৭৭২.১৭');
    expect(text).toContain('তেইশ লক্ষ পঞ্চান্ন হাজার সাতশত বাহাত্তর টাকা সতেরো পয়সা মাত্র');
    expect(text).toContain('https://x/s/abc');
  });
  it('for a supplier, what the factory owes', () => {
    expect(dueMessage('en', { ...p, due: -150000 })).toContain('AMA Metal & Wire Industries owes you ৳\u00a01,500.00');
  });
  it('opens WhatsApp and the phone’s messages with the text', () => {
    expect(whatsappHref('8801712345678', 'a & b')).toBe('https://wa.me/8801712345678?text=a%20%26%20b');
    expect(smsHref('8801712345678', 'a & b')).toBe('sms:+8801712345678?body=a%20%26%20b');
  });
});
