/// The last few paragraph states the reader resolved, each with its style.
///
/// Consecutive paragraphs mostly share a style, and list items, plain paragraphs
/// and headings take turns: a state found here needs no list-table lookup and no
/// sort of its tab stops. Entries hold list numbers resolved against the list tables
/// as they were: the reader empties the cache whenever a list or list override is
/// added. The states are kept apart from the styles, so that they are compared where
/// they lie (a tuple's state cannot be pointed at without copying it).
struct RecentParagraphStyles {
  /// How many states are kept; the oldest is replaced first.
  static let capacity = 4

  private var states: [ParagraphState] = []
  private var styles: [ParagraphStyle] = []
  /// The slot the next new state replaces once the cache is full.
  private var oldest = 0

  /// The style kept for `state`, if any.
  @inline(__always)
  func style(of state: UnsafePointer<ParagraphState>) -> ParagraphStyle? {
    let slot = states.withUnsafeBufferPointer { kept -> Int? in
      guard let base = kept.baseAddress else { return nil }
      for index in kept.indices where ReaderStateComparison.areEqual(base + index, state) { return index }
      return nil
    }
    return slot.map { styles[$0] }
  }

  /// Keeps `state` with its resolved `style`.
  mutating func insert(_ state: ParagraphState, resolvedTo style: ParagraphStyle) {
    if states.count < Self.capacity {
      states.append(state)
      styles.append(style)
      return
    }
    states[oldest] = state
    styles[oldest] = style
    oldest = (oldest + 1) % Self.capacity
  }

  /// Forgets every state (the list tables they were resolved against changed).
  mutating func removeAll() {
    states.removeAll(keepingCapacity: true)
    styles.removeAll(keepingCapacity: true)
    oldest = 0
  }
}
