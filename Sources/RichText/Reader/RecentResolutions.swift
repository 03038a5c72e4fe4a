/// The last few character states the reader resolved, each with the attributes it
/// resolved to.
///
/// Text keeps coming back to a few states: Word writes each run in a group of its
/// own, so every `}` restores the state before it, and Cocoa switches between a
/// handful of styles. A state found here needs no font and colour lookups, and when
/// it is the state of the run being read, no comparison of attributes either.
/// Entries hold table indexes resolved against the tables as they were: the reader
/// empties the cache whenever a font, colour or list table changes.
struct RecentResolutions {
  /// How many states are kept; the oldest is replaced first.
  static let capacity = 8

  private var states: [CharacterState] = []
  private var attributes: [CharacterAttributes] = []
  /// The slot the next new state replaces once the cache is full.
  private var oldest = 0

  /// The slot holding `state`, if any. The states are compared where they are kept
  /// (a subscript of `states` would copy each, retaining and releasing its arrays
  /// and strings).
  @inline(__always)
  func slot(of state: UnsafePointer<CharacterState>) -> Int? {
    states.withUnsafeBufferPointer { kept in
      guard let base = kept.baseAddress else { return nil }
      for index in kept.indices where ReaderStateComparison.areEqual(base + index, state) { return index }
      return nil
    }
  }

  /// The state in `slot`.
  func state(at slot: Int) -> CharacterState { states[slot] }

  /// The attributes the state in `slot` resolved to.
  func attributes(at slot: Int) -> CharacterAttributes { attributes[slot] }

  /// Keeps `state` with its resolved `attributes`; returns its slot.
  mutating func insert(_ state: CharacterState, resolvedTo attributes: CharacterAttributes) -> Int {
    if states.count < Self.capacity {
      states.append(state)
      self.attributes.append(attributes)
      return states.count - 1
    }
    let slot = oldest
    oldest = (oldest + 1) % Self.capacity
    states[slot] = state
    self.attributes[slot] = attributes
    return slot
  }

  /// Forgets every state (the tables they were resolved against changed).
  mutating func removeAll() {
    states.removeAll(keepingCapacity: true)
    attributes.removeAll(keepingCapacity: true)
    oldest = 0
  }
}
