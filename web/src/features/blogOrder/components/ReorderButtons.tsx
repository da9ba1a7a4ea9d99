/** Move up / Move down buttons: the keyboard and screen-reader way to reorder blogs. */
export function ReorderButtons({
  name,
  index,
  count,
  disabled,
  onMove,
}: {
  name: string;
  index: number;
  count: number;
  disabled?: boolean;
  onMove(from: number, to: number): void;
}) {
  return (
    <span className="reorder-buttons">
      <button
        type="button"
        className="icon-button icon-button--small"
        aria-label={`Move ${name} up`}
        title={`Move ${name} up`}
        disabled={disabled || index === 0}
        onClick={() => onMove(index, index - 1)}
      >
        <span aria-hidden="true">▲</span>
      </button>
      <button
        type="button"
        className="icon-button icon-button--small"
        aria-label={`Move ${name} down`}
        title={`Move ${name} down`}
        disabled={disabled || index === count - 1}
        onClick={() => onMove(index, index + 1)}
      >
        <span aria-hidden="true">▼</span>
      </button>
    </span>
  );
}
