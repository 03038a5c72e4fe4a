import CLibGit2
import Foundation

/// The session behind a callback's payload. The payload is passed unretained and the
/// session is kept alive by `withExtendedLifetime` for the whole libgit2 call.
private func session(_ payload: UnsafeMutableRawPointer?) -> TransferSession? {
  payload.map { Unmanaged<TransferSession>.fromOpaque($0).takeUnretainedValue() }
}

private func optionalID(_ oid: UnsafePointer<git_oid>?) -> ObjectID? {
  guard let oid else { return nil }
  let id = ObjectID(oid)
  return id.isZero ? nil : id
}

extension TransferSession {
  /// Fills in every callback this module handles; the payload is set by ``perform(_:_:)``.
  func installCallbacks(_ callbacks: inout git_remote_callbacks) {
    callbacks.credentials = { out, url, username, allowed, payload in
      guard let out, let session = session(payload) else { return GIT_EUSER.rawValue }
      return session.acquireCredential(
        out, url: decodeCString(url) ?? "", username: decodeCString(username), allowed: allowed)
    }
    callbacks.certificate_check = { certificate, valid, _, payload in
      guard let certificate, let session = session(payload) else {
        return GIT_PASSTHROUGH.rawValue
      }
      return session.checkCertificate(certificate.pointee.cert_type, isValid: valid != 0)
    }
    callbacks.transfer_progress = { stats, payload in
      guard let stats, let session = session(payload) else { return 0 }
      return session.fetchProgress(stats.pointee)
    }
    callbacks.sideband_progress = { text, length, payload in
      guard let session = session(payload) else { return 0 }
      session.clock.noteProgress()
      if let text, length > 0, session.serverMessages.utf8.count < 4096 {
        let bytes = UnsafeRawBufferPointer(start: text, count: Int(length))
        session.serverMessages += String(decoding: bytes, as: UTF8.self)
      }
      return session.continueOrStop()
    }
    callbacks.pack_progress = { _, _, _, payload in
      guard let session = session(payload) else { return 0 }
      // Building the pack to push is work going on: the first push of a big store
      // packs for minutes on a loaded machine, and was stopped as "no progress".
      session.clock.noteProgress()
      return session.continueOrStop()
    }
    callbacks.push_transfer_progress = { current, total, bytes, payload in
      guard let session = session(payload) else { return 0 }
      return session.pushProgress(current: current, total: total, bytes: bytes)
    }
    callbacks.update_tips = { name, old, new, payload in
      guard let session = session(payload), let name = decodeCString(name) else { return 0 }
      session.updates.append(
        ReferenceUpdate(name: name, old: optionalID(old), new: optionalID(new)))
      return 0
    }
    callbacks.push_update_reference = { name, status, payload in
      guard let session = session(payload), let status = decodeCString(status) else { return 0 }
      session.rejections.append((decodeCString(name) ?? "", status))
      return 0
    }
    callbacks.push_negotiation = { updates, count, payload in
      guard let session = session(payload), let updates else { return 0 }
      for index in 0..<count {
        guard let update = updates[index]?.pointee, let name = decodeCString(update.dst_refname)
        else { continue }
        session.plannedPushes.append((name, ObjectID(update.src), ObjectID(update.dst)))
      }
      return 0
    }
  }

  /// 0 to go on, or -1 (with libgit2's error set) when the clock says stop.
  func continueOrStop() -> Int32 {
    switch clock.checkStop() {
    case nil: return 0
    case .timedOut: setNetworkError("no progress for \(options.timeout) seconds")
    case .cancelled: setNetworkError("the transfer was cancelled")
    }
    return -1
  }

  private func fetchProgress(_ stats: git_indexer_progress) -> Int32 {
    let counters = [
      UInt64(stats.received_objects), UInt64(stats.indexed_objects),
      UInt64(stats.indexed_deltas), UInt64(stats.received_bytes),
    ]
    if counters != lastCounters {
      lastCounters = counters
      clock.noteProgress()
    }
    let stop = continueOrStop()
    guard stop == 0 else { return stop }
    options.progress?(
      TransferProgress(
        receivedObjects: Int(stats.received_objects), totalObjects: Int(stats.total_objects),
        receivedBytes: Int64(stats.received_bytes), phase: .fetching))
    return 0
  }

  /// A direct push's progress, as libgit2's `push_transfer_progress` reports it.
  ///
  /// - Throws: When the transfer timed out or was cancelled.
  func noteDirectPushProgress(current: Int, total: Int, bytes: Int) throws(GitError) {
    let result = pushProgress(current: UInt32(clamping: current), total: UInt32(clamping: total), bytes: bytes)
    if result != 0 { throw GitError.last(result, "git_remote_push") }
  }

  private func pushProgress(current: UInt32, total: UInt32, bytes: Int) -> Int32 {
    clock.noteProgress()
    let stop = continueOrStop()
    guard stop == 0 else { return stop }
    options.progress?(
      TransferProgress(
        receivedObjects: Int(current), totalObjects: Int(total), receivedBytes: Int64(bytes),
        phase: .pushing))
    return 0
  }

  private func checkCertificate(_ type: git_cert_t, isValid: Bool) -> Int32 {
    guard type == GIT_CERT_X509 else { return GIT_PASSTHROUGH.rawValue }
    if isValid { return 0 }
    // libgit2 has already recorded the verifier's reason ("the SSL certificate is invalid: …").
    let reason = git_error_last().flatMap { decodeCString($0.pointee.message) }
    untrustedCertificate = reason.map(Self.shortCertificateReason) ?? "not signed by a trusted CA"
    _ = git_error_set_str(Int32(GIT_ERROR_SSL.rawValue), "the server certificate is not trusted")
    return GIT_ECERTIFICATE.rawValue
  }

  /// "the SSL certificate is invalid: 0x08 - The certificate is not correctly signed by the
  /// trusted CA" becomes "the certificate is not correctly signed by the trusted CA".
  static func shortCertificateReason(_ message: String) -> String {
    guard let dash = message.range(of: " - ") else { return message }
    let reason = message[dash.upperBound...].trimmingCharacters(in: .whitespaces)
    return reason.prefix(1).lowercased() + reason.dropFirst()
  }
}
