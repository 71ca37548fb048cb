import { useState } from 'react';
import { ApiError } from './api/client';
import { ErrorBanner } from './components/ui';
import { placeError, type FieldErrors } from './form';

/**
 * The outcome of a small form that sends one request (a card on the user screen): the API's
 * refusal placed beside the field it names (`fields`) or in a banner, or a sentence saying what
 * was done. `submit` clears the last outcome, runs the request and shows what it returns.
 */
export function useSubmit(fields: string[]) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<ApiError | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const submit = async (run: () => Promise<string | null>): Promise<void> => {
    setErrors({});
    setBanner(null);
    setDone(null);
    try {
      setDone(await run());
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const placed = placeError(err, fields);
      setErrors(placed.fieldErrors);
      setBanner(placed.banner);
    }
  };
  return { errors, banner, done, submit };
}

/** The banner of a refusal and the sentence of what was done, under a form of `useSubmit`. */
export function SubmitOutcome({ banner, done }: { banner: ApiError | null; done: string | null }) {
  return (
    <>
      <ErrorBanner error={banner} />
      {done && (
        <p className="ok" role="status">
          {done}
        </p>
      )}
    </>
  );
}
