import Foundation

/// Keeps a value alive so the optimizer cannot drop the work that made it.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// The timings of one benchmark.
struct Measurement {
  var name: String
  var samples: [Duration]

  var median: Duration { percentile(0.5) }
  var p90: Duration { percentile(0.9) }

  func percentile(_ fraction: Double) -> Duration {
    let sorted = samples.sorted()
    let index = min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction + 0.5))
    return sorted[index]
  }
}

extension Duration {
  var seconds: Double {
    let parts = components
    return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
  }

  var formattedMilliseconds: String { String(format: "%.2f ms", seconds * 1000) }
}

/// Runs `body` `warmUp` times untimed, then `iterations` times timed with
/// `ContinuousClock`.
func measure(
  _ name: String, warmUp: Int = 2, iterations: Int = 10, _ body: () -> Void
) -> Measurement {
  for _ in 0..<warmUp { body() }
  let clock = ContinuousClock()
  var samples: [Duration] = []
  for _ in 0..<iterations {
    samples.append(clock.measure(body))
  }
  return Measurement(name: name, samples: samples)
}

/// Prints rows of a table with left-aligned first column and right-aligned others.
func printTable(_ header: [String], _ rows: [[String]]) {
  let all = [header] + rows
  let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
  for row in all {
    let cells = row.enumerated().map { column, cell in
      let pad = String(repeating: " ", count: widths[column] - cell.count)
      return column == 0 ? cell + pad : pad + cell
    }
    print(cells.joined(separator: "  "))
  }
}
