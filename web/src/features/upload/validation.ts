// What an upload component takes (spec 002 §5 Upload): files up to maxUploadSize, of the type
// its filter matches (the "upload pattern"). A file that fails is given the filesize or the
// filetype error and is not sent.
import { sprintf } from '../../lib/format';
import { DEFAULT_MEDIA_TYPE, FILE_TOO_BIG, IMAGE_FILTER_NAME, NOT_VALID_FILE } from './strings';

/** The kind of file an upload takes: what a file dialog offers, and what is let through. */
export interface FileFilter {
  /** What the filter is called (§5: the image filter's is 'photo'). */
  name: string;
  /** The file input's `accept` hint. */
  accept: string;
  /** Whether a file is of this kind (its type as the browser names it; the name where it names none). */
  matches(file: File): boolean;
}

/** The default filter: images. The server reads the type from the bytes; this is the early check. */
export const IMAGE_FILTER: FileFilter = {
  name: IMAGE_FILTER_NAME,
  accept: 'image/*',
  matches: (file) => file.type.toLowerCase().startsWith('image/'),
};

export interface UploadRules {
  /** Bytes a file may have, at most. */
  maxUploadSize: number;
  filter?: FileFilter;
  /** The kind of file named in the filetype error (§5: image unless told otherwise). */
  mediaType?: string;
}

/** Which of §5's errors a file has. */
export type UploadProblem = { kind: 'filesize' | 'filetype'; message: string };

/** §5's filetype error for `mediaType`, filled in as the spec writes it ('This is not valid image file.'). */
export function fileTypeError(mediaType: string = DEFAULT_MEDIA_TYPE): string {
  return sprintf(NOT_VALID_FILE, mediaType);
}

/** The file's problem under `rules`, or null when it may be sent. The type is checked first. */
export function uploadProblemOf(file: File, rules: UploadRules): UploadProblem | null {
  const filter = rules.filter ?? IMAGE_FILTER;
  if (!filter.matches(file)) return { kind: 'filetype', message: fileTypeError(rules.mediaType) };
  if (file.size > rules.maxUploadSize) return { kind: 'filesize', message: FILE_TOO_BIG };
  return null;
}

/** §5: only the first file of a drop is handled. */
export function firstDroppedFile(files: FileList | readonly File[] | null | undefined): File | null {
  return files && files.length > 0 ? (files[0] ?? null) : null;
}
