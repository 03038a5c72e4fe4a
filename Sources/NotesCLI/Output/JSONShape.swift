import Foundation

/// The shape of a `--json` document, as data: what `notes help json` prints for each command
/// and what the tests check every command's output against.
///
/// An object lists every key it has; a document with a missing key (unless optional), an
/// extra key or a value of another type does not match.
public indirect enum JSONShape: Sendable, Equatable {
  /// A string.
  case string
  /// A whole number.
  case integer
  /// `true` or `false`.
  case boolean
  /// An ISO 8601 date in UTC, as a string (`2026-01-31T09:30:00Z`).
  case date
  /// A string that is one of these values.
  case oneOf([String])
  /// The shape, or `null`.
  case nullable(JSONShape)
  /// An array whose elements all have the shape.
  case array(JSONShape)
  /// An object with exactly these keys (in the order documented).
  case object([(String, JSONShape)])

  public static func == (lhs: JSONShape, rhs: JSONShape) -> Bool {
    lhs.description == rhs.description
  }

  /// The shape written compactly: `{name: string, tags: [string], when: date}`.
  public var description: String {
    switch self {
    case .string: return "string"
    case .integer: return "integer"
    case .boolean: return "boolean"
    case .date: return "date"
    case .oneOf(let values): return values.joined(separator: "|")
    case .nullable(let shape): return shape.description + "|null"
    case .array(let shape): return "[" + shape.description + "]"
    case .object(let fields):
      return "{" + fields.map { "\($0.0): \($0.1.description)" }.joined(separator: ", ") + "}"
    }
  }

  /// The shape laid out over several lines, one key per line, indented by `indent`.
  public func layout(indent: String = "") -> String {
    switch self {
    case .object(let fields) where description.count + indent.count > 72:
      let inner = indent + "  "
      let lines = fields.map { inner + $0.0 + ": " + $0.1.layout(indent: inner) }
      return "{\n" + lines.joined(separator: ",\n") + "\n" + indent + "}"
    case .array(let shape) where description.count + indent.count > 72:
      return "[" + shape.layout(indent: indent) + "]"
    default:
      return description
    }
  }

  /// Where `value` (as `JSONSerialization` reads it) does not match, one line per problem;
  /// empty when it matches.
  public func problems(in value: Any, at path: String = "$") -> [String] {
    switch self {
    case .string:
      return value is String ? [] : ["\(path): expected a string, got \(value)"]
    case .integer:
      guard let number = value as? NSNumber, !Self.isBoolean(number),
        number.doubleValue == number.doubleValue.rounded()
      else { return ["\(path): expected an integer, got \(value)"] }
      return []
    case .boolean:
      guard let number = value as? NSNumber, Self.isBoolean(number) else {
        return ["\(path): expected a boolean, got \(value)"]
      }
      return []
    case .date:
      guard let text = value as? String, ISO8601DateFormatter().date(from: text) != nil else {
        return ["\(path): expected an ISO 8601 date, got \(value)"]
      }
      return []
    case .oneOf(let values):
      guard let text = value as? String, values.contains(text) else {
        return ["\(path): expected one of \(values.joined(separator: ", ")), got \(value)"]
      }
      return []
    case .nullable(let shape):
      return value is NSNull ? [] : shape.problems(in: value, at: path)
    case .array(let shape):
      guard let array = value as? [Any] else { return ["\(path): expected an array, got \(value)"] }
      return array.enumerated().flatMap { shape.problems(in: $0.element, at: "\(path)[\($0.offset)]") }
    case .object(let fields):
      guard let object = value as? [String: Any] else {
        return ["\(path): expected an object, got \(value)"]
      }
      var problems: [String] = []
      let documented = Set(fields.map(\.0))
      for key in object.keys.sorted() where !documented.contains(key) {
        problems.append("\(path).\(key): not documented")
      }
      for (key, shape) in fields {
        guard let member = object[key] else {
          if case .nullable = shape { continue }
          problems.append("\(path).\(key): missing")
          continue
        }
        problems += shape.problems(in: member, at: "\(path).\(key)")
      }
      return problems
    }
  }

  /// Whether `JSONSerialization` read `true` or `false` (a `char`-typed number) rather than
  /// a number.
  private static func isBoolean(_ number: NSNumber) -> Bool {
    String(cString: number.objCType) == "c"
  }
}
