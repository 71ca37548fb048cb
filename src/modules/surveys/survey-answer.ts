/**
 * The rules of an answer (docs/api.md, Surveys): only valid option
 * ids; SINGLE takes exactly one; MULTIPLE one or more distinct. Returns the refusal, or null.
 */
export interface AnswerRefusal {
  code: 'INVALID_OPTION' | 'INVALID_RESPONSE_COUNT' | 'DUPLICATE_OPTION';
  message: string;
}

export function answerRefusal(type: string, optionIds: readonly string[], responses: readonly string[]): AnswerRefusal | null {
  if (responses.length === 0) return { code: 'INVALID_RESPONSE_COUNT', message: 'At least one response is required' };
  const valid = new Set(optionIds);
  const unknown = responses.find((r) => !valid.has(r));
  if (unknown !== undefined) return { code: 'INVALID_OPTION', message: `Invalid option ${unknown}` };
  if (type === 'SINGLE' && responses.length !== 1) {
    return { code: 'INVALID_RESPONSE_COUNT', message: 'A SINGLE survey takes exactly one response' };
  }
  if (new Set(responses).size !== responses.length) return { code: 'DUPLICATE_OPTION', message: 'Each option may be chosen once' };
  return null;
}
