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
  /// The CPU time of the measuring thread per sample, in step with `samples`: on a
  /// loaded machine it is what the work cost, while wall time includes waiting.
  var cpuSamples: [Duration] = []

  var cpuMedian: Duration { Measurement(name: name, samples: cpuSamples).median }

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
  var cpuSamples: [Duration] = []
  for _ in 0..<iterations {
    let cpuStart = threadCPUTime()
    samples.append(clock.measure(body))
    cpuSamples.append(threadCPUTime() - cpuStart)
  }
  return Measurement(name: name, samples: samples, cpuSamples: cpuSamples)
}

/// The CPU time the calling thread has used so far.
func threadCPUTime() -> Duration {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
}

/// The CPU time (user and system) of the process's finished children so far.
func childrenCPUTime() -> Duration {
  var usage = rusage()
  getrusage(RUSAGE_CHILDREN.rawValue, &usage)
  func duration(_ value: timeval) -> Duration { .seconds(value.tv_sec) + .microseconds(value.tv_usec) }
  return duration(usage.ru_utime) + duration(usage.ru_stime)
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
