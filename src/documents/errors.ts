// Why a document could not be read. Each surface (the gateway's routes, the reference
// worker) turns a code into its own status and message; no text here is shown to people.

export type DocumentErrorCode =
  /** The bytes are none of PDF, JPEG, PNG, WebP, TIFF. */
  | 'unsupported_type'
  /** A PDF that pdf.js cannot open (corrupt, truncated, encrypted). */
  | 'unreadable_pdf'
  /** A PDF with no text layer (a scan). */
  | 'no_text_layer'
  /** An image that cannot be decoded, or in which OCR finds no text. */
  | 'unreadable_image'
  /** More pages than the cap. */
  | 'too_many_pages'
  /** An image (or a rendered page) with more pixels than the cap. */
  | 'too_many_pixels'
  /**
   * The file's own structure says that reading it means decoding more bytes than the cap:
   * a PDF's compressed streams (counted once per page that draws them), an image's pixels
   * at its bit depth.
   */
  | 'too_much_data'
  /**
   * Reading one page of a PDF used more CPU than the pool's per-page budget: a construction
   * the structure scan did not foresee. The thread was ended.
   */
  | 'too_complex'
  /** The OCR queue is full (for this owner, or altogether). */
  | 'ocr_busy'
  /** The queue of PDFs waiting for a parsing thread is full (for this owner, or altogether). */
  | 'pdf_busy'
  /** The deadline passed before the text was read; the work was stopped. */
  | 'timeout'
  /** The caller went away (the client disconnected); the work was stopped. */
  | 'cancelled'
  /** Page rendering needs a canvas (pdf.js's optional @napi-rs/canvas) that is not installed. */
  | 'render_unavailable';

export class DocumentError extends Error {
  constructor(
    readonly code: DocumentErrorCode,
    /** The cap that was exceeded, for the caller's message. */
    readonly limit?: number,
  ) {
    super(code);
    this.name = 'DocumentError';
  }
}
