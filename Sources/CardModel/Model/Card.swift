/// One card of a collection: an image of known shape, a caption, a comment and tags.
/// Only the caption is required. Text is stored as read; it is sanitised when prepared
/// for measuring and drawing.
package struct Card: Hashable, Sendable {
  package var id: String?
  package var caption: String
  package var comment: String?
  package var image: CardImage?
  package var tags: [String]
  /// The name of the section the card belongs to (`nil`: the collection's only section).
  package var section: String?
  /// An address the card stands for (a page, a post): what `o` opens, when there is one.
  package var url: String?
  /// What the picture shows, in words (`alt`): what `--accessible` reads out for it.
  package var alt: String?

  package init(
    id: String? = nil, caption: String, comment: String? = nil, image: CardImage? = nil,
    tags: [String] = [], section: String? = nil, url: String? = nil, alt: String? = nil
  ) {
    self.id = id
    self.caption = caption
    self.comment = comment
    self.image = image
    self.tags = tags
    self.section = section
    self.url = url
    self.alt = alt
  }
}
