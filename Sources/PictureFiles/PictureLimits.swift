/// The bounds that keep untrusted pictures cheap: checked from the header and the file's
/// size before any decoding.
package enum PictureLimits {
  /// Pictures over 50 megapixels are refused (a 20000×20000 PNG of 1 MB would need 1.6 GB).
  package static let maximumPixels: Int64 = 50_000_000
  /// Files over 64 MB are refused.
  package static let maximumFileBytes = 64 << 20
  /// Pictures are decoded at most this many pixels on their longer side: more than any
  /// terminal thumbnail needs (a 250-column cell area is 500 half-block pixels wide).
  package static let decodedSide = 512
  /// Pictures drawn in pixels are decoded at the pixels of their box, at most this many
  /// on the longer side (a 4K screen's width).
  package static let pixelSide = 3840
  /// A zoomed region is decoded from a picture at most this many pixels on its longer side
  /// (its own size, for any photo a camera makes; `maximumPixels` bounds the memory).
  package static let zoomSide = 16_384
}
