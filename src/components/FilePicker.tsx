import { forwardRef } from 'react';

export interface FilePickerProps {
  /** The input's accept attribute: MIME types and extensions, comma separated. */
  accept: string;
  /** The chosen files, read before the input is emptied so that choosing the same files again fires again. */
  onPick: (files: File[]) => void;
  'data-testid'?: string;
}

/** A hidden multi-file input; the ref is the input, for a visible control to `click()` it. */
export const FilePicker = forwardRef<HTMLInputElement, FilePickerProps>(function FilePicker({ accept, onPick, 'data-testid': testId }, ref) {
  return (
    <input
      ref={ref}
      type="file"
      multiple
      accept={accept}
      hidden
      data-testid={testId}
      onChange={(event) => {
        const files = Array.from(event.target.files ?? []);
        event.target.value = '';
        onPick(files);
      }}
    />
  );
});
