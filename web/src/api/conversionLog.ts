// Conversion logs (spec 002 §7 Logging): unlike the batched behaviour events, a conversion is
// a form POST of its own to /svc/log/conversion, with the form key, and only a signed-in
// user's is taken (a visitor's is a 401). Like the rest of the behaviour log it is
// best-effort: a failure is never shown, though a caller may try again later
// (features/behaviourLog's useConversionLog).
import type { ApiClient } from './client';
import type { ConversionForm } from './types/ConversionForm';
import type { LogAnswer } from './types/LogAnswer';

export const CONVERSION_PATH = '/svc/log/conversion';

/** A conversion as the server reads it (`{"name": …, "extra": {…}}`). */
export interface Conversion {
  name: string;
  extra: Readonly<Record<string, unknown>>;
}

/** Sends one conversion; rejects with the ApiError when the server did not take it. */
export async function sendConversion(api: ApiClient, conversion: Conversion): Promise<void> {
  await api.post<LogAnswer, ConversionForm>(CONVERSION_PATH, { log: JSON.stringify(conversion) });
}
