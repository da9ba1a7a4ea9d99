// A button that chooses files: its label is the button, the file input inside it is hidden.
export function FileButton({
  label,
  accept,
  onFiles,
  multiple = false,
  disabled,
  className = 'button button--quiet',
}: {
  label: string;
  accept: string;
  onFiles(files: File[]): void;
  multiple?: boolean;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <label className={disabled ? `${className} is-disabled` : className}>
      {label}
      <input
        type="file"
        className="visually-hidden"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          // Cleared, so that choosing the same file again is a change too.
          e.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </label>
  );
}
