import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, signedIn } from '../../test/fakeApi';
import { App } from '../App';

const survey = (surveyId: string, answered: number, options: Record<string, number>) => ({
  surveyId,
  title: `Question ${surveyId}`,
  type: 'SINGLE',
  options: [
    { optionId: 'yes', label: 'Yes' },
    { optionId: 'no', label: 'No' },
  ],
  points: 10,
  validFrom: 0,
  validUntil: 1,
  status: 'ACTIVE',
  statistics: { answered, options },
});

describe('surveys', () => {
  it('charts the answers per option of each survey that has answers', async () => {
    signedIn();
    window.history.replaceState(null, '', '/dashboard/surveys');
    const api = fakeApi({
      'GET /admin/project': { status: 200, body: [] },
      'GET /admin/survey': { status: 200, body: [survey('nps', 5, { yes: 4, no: 1 }), survey('unasked', 0, {})] },
    });
    render(<App fetchImpl={api.fetchImpl} />);
    const results = await screen.findByTestId('survey-results');
    expect(await screen.findByText('Question nps: 5 answered')).toBeInTheDocument();
    expect(screen.queryByText(/Question unasked: /)).toBeNull();
    const rows = [...results.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Yes', '4'],
      ['No', '1'],
    ]);
  });
});
