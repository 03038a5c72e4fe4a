/// The last few values kept by key, at most ``capacity``: keeping one more drops the
/// one kept longest ago. Reading a value does not make it newer.
///
/// For values that never change under their key (objects by id, results by the
/// objects they were made from), so a value kept once serves every later reader.
public final class RecentCache<Key: Hashable, Value> {
  /// How many values are kept at most.
  public let capacity: Int
  private var values: [Key: Value] = [:]
  /// The keys, oldest first.
  private var order: [Key] = []

  public init(capacity: Int) {
    self.capacity = max(capacity, 1)
  }

  /// The value kept for `key`, if any.
  public subscript(key: Key) -> Value? { values[key] }

  /// Keeps `value` for `key` as the newest (replacing any value kept for it), dropping
  /// the oldest past ``capacity``.
  public func keep(_ value: Value, for key: Key) {
    if values.updateValue(value, forKey: key) != nil { order.removeAll { $0 == key } }
    order.append(key)
    if order.count > capacity { values[order.removeFirst()] = nil }
  }
}
