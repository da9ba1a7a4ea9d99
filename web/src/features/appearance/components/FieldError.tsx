/** A field's error under it; the field points at it with aria-describedby={fieldErrorId(id)}. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={fieldErrorId(id)} className="form-error">
      {error}
    </p>
  );
}

export function fieldErrorId(id: string): string {
  return `${id}-error`;
}

/** The ARIA attributes of a field that may have an error. */
export function errorProps(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true, 'aria-describedby': fieldErrorId(id) } : {};
}
