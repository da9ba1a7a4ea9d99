// The toast after a save (spec 001 §4 After save): the save answer's message, announced
// politely. The live region stays in the page so that screen readers hear each message.
export function Toast({ message }: { message: string | null }) {
  return (
    <div className={message ? 'composer-toast is-shown' : 'composer-toast'} role="status" aria-live="polite">
      {message}
    </div>
  );
}
