import type { TestContext } from '../../../test/helpers/test-app.js';

export const OPTIONS = [
  { optionId: 'a', label: 'Apples' },
  { optionId: 'b', label: 'Bananas' },
  { optionId: 'c', label: 'Cherries' },
];

/** Creates a survey through POST /admin/survey. */
export async function createSurvey(t: TestContext, fields: Record<string, unknown> = {}, projectId?: string) {
  const res = await t.admin(
    'POST',
    '/admin/survey',
    { surveyId: 'fruit', title: 'Favourite fruit?', type: 'SINGLE', options: OPTIONS, points: 20, ...fields },
    projectId,
  );
  if (res.statusCode !== 201) throw new Error(`createSurvey: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function answer(
  t: TestContext,
  userId: string,
  surveyId: string,
  responses: unknown,
  headers?: Record<string, string>,
  body?: object,
) {
  return t.inject({
    method: 'PUT',
    url: `/user/${userId}/survey/${surveyId}`,
    headers: headers ?? (await t.auth(userId)),
    payload: body ?? { userId, surveyId, responses },
  });
}
