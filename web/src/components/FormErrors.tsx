/** The server's error texts, shown under the form they belong to. */
export function FormErrors({ errors }: { errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <div className="form-errors" role="alert">
      {errors.map((text, i) => (
        <p key={i} className="form-error">
          {text}
        </p>
      ))}
    </div>
  );
}
