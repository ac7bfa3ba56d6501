// Refusals as the server answers them (the codes and English texts are in refusal-texts.ts, the
// Bangla in refusals-bn.ts, the speaker in say.ts): the wire's shape, and the codes read back
// from the shared schemas' parses.
import { type RefusalCode, type RefusalParams, refusalTexts } from './refusal-texts.ts';
import { setSpeaker, speak } from './say.ts';

export { type RefusalCode, type RefusalParams, type Refusals, refusalTexts } from './refusal-texts.ts';
export { say, saying, setSpeaker, speak } from './say.ts';

export const refusalCodes = Object.keys(refusalTexts) as RefusalCode[];

/** The error of every answer that refuses: `{ "error": Refusal }`. */
export interface Refusal {
  code: RefusalCode;
  message: string;
  field?: string;
  params?: RefusalParams;
}

export const isRefusalCode = (code: unknown): code is RefusalCode => typeof code === 'string' && Object.hasOwn(refusalTexts, code);

/** The English text of a code, filled. */
export const refusalText = (code: RefusalCode, params: RefusalParams = {}) => speak(refusalTexts, 'en', code, params);

/** A refusal as the wire carries it: the English message, with the field's key first when there is one. */
export function refusal(code: RefusalCode, params?: RefusalParams, field?: string): Refusal {
  const text = refusalText(code, params);
  return {
    code,
    message: field ? `${field}: ${text}` : text,
    ...(field !== undefined ? { field } : {}),
    ...(params && Object.keys(params).length ? { params } : {}),
  };
}

// The server speaks English wherever a refusal is worded outside `speakingCodes` (the CLI's checks).
setSpeaker(refusalText);

const CODED = '\u0000refusal:';

/** Runs a synchronous parse with the refusals written as codes (read back with `readSpoken`). */
export function speakingCodes<T>(parse: () => T): T {
  const before = setSpeaker((code, params) => CODED + JSON.stringify([code, params]));
  try {
    return parse();
  } finally {
    setSpeaker(before);
  }
}

/** A message written by `speakingCodes`' speaker, as its code and params (undefined for zod's own words). */
export function readSpoken(message: string): { code: RefusalCode; params: RefusalParams } | undefined {
  if (!message.startsWith(CODED)) return undefined;
  const [code, params] = JSON.parse(message.slice(CODED.length)) as [string, RefusalParams];
  return isRefusalCode(code) ? { code, params } : undefined;
}
