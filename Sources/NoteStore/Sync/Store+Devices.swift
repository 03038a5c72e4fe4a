import Foundation
import Git

/// A device known to this store: this one, and every device whose branch was
/// fetched.
public struct DeviceInfo: Sendable, Hashable, Codable {
  /// The device's name.
  public var name: String
  /// When its latest change was committed.
  public var lastChange: Date
  /// Whether its latest change is merged into this device's branch.
  public var merged: Bool
  /// Whether it is this device.
  public var current: Bool
}

/// How far this store's branches are from a remote's copies.
public struct RemoteDeviceState: Sendable, Hashable, Codable {
  /// The remote.
  public var remote: String
  /// The device.
  public var device: String
  /// Commits here that the remote's copy lacks (for this device: not pushed yet).
  public var ahead: Int
  /// Commits in the remote's copy not merged here.
  public var behind: Int
}

extension Store {
  /// Every known device, this one first, then by name. Dates and merge states come
  /// from the history index: a device's last change is its newest commit the store
  /// knows (else its branch tip's date), and it is merged when its tip is in this
  /// device's history.
  public func devices() throws -> [DeviceInfo] {
    let head = try headCommit()
    var latest: [String: ObjectID] = [:]
    for (name, _, tip) in try fetchedDeviceTips() {
      if let known = latest[name], try git("comparing histories", { try repository.isDescendant(known, of: tip) }) {
        continue
      }
      latest[name] = tip
    }
    let index = try git("reading the history index") { try noteHistory.index() }
    let mine = head.flatMap { index.position(of: $0) }.map { index.reachable(from: [$0]) }
    var newest: [String: Int64] = [:]
    for commit in index.commits {
      let name = index.strings[commit.device]
      newest[name] = max(newest[name] ?? commit.date, commit.date)
    }
    func lastChange(_ name: String, tip: ObjectID) throws -> Date {
      if let seconds = newest[name] { return Date(timeIntervalSince1970: TimeInterval(seconds)) }
      if let position = index.position(of: tip) {
        return Date(timeIntervalSince1970: TimeInterval(index.commits[position].date))
      }
      return try git("reading history") { try repository.commit(tip).committer.date }
    }
    var result: [DeviceInfo] = []
    if let head {
      result.append(DeviceInfo(name: device.rawValue, lastChange: try lastChange(device.rawValue, tip: head), merged: true, current: true))
    }
    for (name, tip) in latest.sorted(by: { $0.key < $1.key }) {
      var merged = false
      if let head {
        if let mine, let position = index.position(of: tip) {
          merged = mine[position]
        } else {
          merged = try tip == head || git("comparing histories") { try repository.isDescendant(head, of: tip) }
        }
      }
      result.append(DeviceInfo(name: name, lastChange: try lastChange(name, tip: tip), merged: merged, current: false))
    }
    return result
  }

  /// For each remote and device fetched from it: commits ahead and behind.
  public func remoteStates() throws -> [RemoteDeviceState] {
    guard let head = try headCommit() else { return [] }
    var states: [RemoteDeviceState] = []
    let references = try git("listing fetched devices") { try repository.references(matching: "refs/remotes/*") }
    for (name, target) in references {
      let parts = name.split(separator: "/").map(String.init)
      guard parts.count == 5, parts[3] == "devices" else { continue }
      let counts = try git("counting commits") { try repository.aheadBehind(head, target) }
      states.append(RemoteDeviceState(remote: parts[2], device: parts[4], ahead: counts.ahead, behind: counts.behind))
    }
    return states.sorted { ($0.remote, $0.device) < ($1.remote, $1.device) }
  }

  /// Per-note sync states from the fetched branches: notes changed here and not
  /// pushed (`ahead`), notes with a newer version fetched (`incoming`), and notes
  /// that exist only on another device's fetched branch (`new`, with that branch's
  /// tree id).
  func syncStates() throws -> (ahead: Set<String>, incoming: Set<String>, new: [String: (tip: ObjectID, device: String)]) {
    guard let head = try headCommit() else { return ([], [], [:]) }
    let headTree = try commitTree(head)
    let scanner = PackageScanner(repository: repository)
    let mine = Set(try scanner.packages(in: headTree).map(\.path.path))
    let diff = try PackageTreeDiff(repository: repository)
    func changed(_ old: ObjectID, _ new: ObjectID) throws -> Set<String> {
      Set(try diff.changes(from: old, to: new).map(\.path))
    }
    var ahead: Set<String> = []
    var incoming: Set<String> = []
    var new: [String: (tip: ObjectID, device: String)] = [:]
    let references = try git("listing fetched devices") { try repository.references(matching: "refs/remotes/*") }
    for (name, tip) in references {
      let parts = name.split(separator: "/").map(String.init)
      guard parts.count == 5, parts[3] == "devices" else { continue }
      if parts[4] == device.rawValue {
        if tip != head {
          ahead.formUnion(try changed(try commitTree(tip), headTree).intersection(mine))
        }
        continue
      }
      if try tip == head || repository.isDescendant(head, of: tip) { continue }
      guard let base = try repository.mergeBase(head, tip) else { continue }
      for change in try diff.changes(from: try commitTree(base), to: try commitTree(tip)) {
        if mine.contains(change.path) {
          incoming.insert(change.path)
        } else if change.new != nil {
          new[change.path] = (tip, parts[4])
        }
      }
    }
    return (ahead, incoming, new)
  }
}
