// Every text of the upload component that spec 002 writes out (§5 Upload, §8 Upload and the
// image-reading errors), word for word, so that a reader can check them against the spec.

/** §5: an upload component built without an endpoint. */
export const UPLOAD_REQUIRES_ENDPOINT = 'Upload requires an endpoint URL';

/** §5: a file larger than maxUploadSize (the filesize error). */
export const FILE_TOO_BIG = 'The file is too big. Squish it down, and try again!';

/** §5: a file whose type fails the upload pattern (the filetype error); %1$s is the media type. */
export const NOT_VALID_FILE = 'This is not valid %1$s file.';

/** §5: the media type a component checks for unless told otherwise. */
export const DEFAULT_MEDIA_TYPE = 'image';

/** §5: the name of the image filter (what a file dialog calls the files it offers). */
export const IMAGE_FILTER_NAME = 'photo';

/** §8: an upload the user (or the page closing) stopped; not an error. */
export const CANCELED_UPLOAD = 'Canceled upload';

/** §8: the request never got an answer (the network failed). */
export const UPLOAD_ERROR = 'Upload error';

/** §8: the server refused without a message or errors to show. */
export const WOOPS = 'Woops :(';

/** §8: the image-reading errors (a file read for its preview, an address loaded as an image). */
export const NO_FILE_TO_READ = 'No file to read';
export const FILE_READER_NOT_SUPPORTED = 'FileReader is not supported';
export const FAILED_TO_READ_FILE = 'Failed to read file';
export const NO_URL_TO_LOAD = 'No URL to load';
