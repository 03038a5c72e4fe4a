import CLibGit2
import Foundation

extension Repository {
  /// One `src:dst` refspec a direct push can take: both full reference names, no
  /// wildcard, no force, no deletion.
  struct DirectPushSpec {
    var source: String
    var destination: String

    init?(_ refspec: String) {
      let parts = refspec.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
      guard parts.count <= 2, let source = parts.first else { return nil }
      let destination = parts.count == 2 ? parts[1] : source
      guard source.hasPrefix("refs/"), destination.hasPrefix("refs/"), !refspec.contains("*") else { return nil }
      self.source = source
      self.destination = destination
    }
  }

  /// Pushes `specs` through `connector`, doing what `git_remote_push` does over the same
  /// server program (the same commands, the same checks before sending, the same report
  /// handling and remote-tracking updates), with a pack from ``PushPackPlanner`` instead of
  /// libgit2's packbuilder, whose delta search over every pushed 10,000-entry root tree
  /// was most of a push.
  ///
  /// - Throws: ``GitError`` as libgit2 would raise it (non-fast-forward, unknown source
  ///   reference, a server failure).
  func directPush(
    _ specs: [DirectPushSpec], remote: OpaquePointer, connector: any ServerConnector, session: TransferSession
  ) throws {
    let connection = try connector.connect(url: session.rawURL, service: "git-receive-pack")
    let conversation = try ReceivePackConversation(connection: connection, category: connector.category)
    session.clock.noteProgress()
    var updates: [(spec: DirectPushSpec, old: ObjectID, new: ObjectID)] = []
    for spec in specs {
      var oid = git_oid()
      if git_reference_name_to_id(&oid, pointer, spec.source) < 0 {
        throw GitError.synthesized(.generic, .reference, "no such reference '\(spec.source)'", "git_remote_push")
      }
      updates.append((spec, conversation.references[spec.destination] ?? .zero, ObjectID(oid)))
    }
    // As libgit2's push_negotiation reports them: current remote id, then the new one.
    for update in updates {
      session.plannedPushes.append((update.spec.destination, update.old, update.new))
    }
    try checkFastForward(updates.map { ($0.old, $0.new) })

    let database = try objectDatabase()
    var hidden: [ObjectID] = []
    for id in conversation.references.values.sorted() + conversation.extraObjects where !id.isZero {
      var oid = id.raw
      var size = 0
      var type = GIT_OBJECT_INVALID
      if git_odb_read_header(&size, &type, database.pointer, &oid) == 0, type == GIT_OBJECT_COMMIT {
        hidden.append(id)
      }
    }
    let tips = updates.filter { $0.old != $0.new }.map(\.new)
    let commits = try walkCommits(
      from: tips, hiding: hidden, sorting: GIT_SORT_TOPOLOGICAL.rawValue | GIT_SORT_REVERSE.rawValue)
    // Our own objects are read without libgit2 hashing each again (``ObjectReader``).
    let (sent, bytes) = try { () throws -> (Int, Int) in
      let reader = try ObjectReader(repository: self)
      let planner = PushPackPlanner(reader: reader, thin: !conversation.capabilities.contains("no-thin"))
      try planner.add(commits: commits)
      try session.noteDirectPushProgress(current: 0, total: planner.objects.count, bytes: 0)

      try conversation.sendCommands(updates.map { ($0.old, $0.new, $0.spec.destination) })
      let writer = try PackStreamWriter { (bytes) throws in try conversation.send(bytes) }
      try writer.writeHeader(count: planner.objects.count)
      for (index, object) in planner.objects.enumerated() {
        switch object.content {
        case .whole:
          try reader.read(object.id) { (type, bytes) throws in
            guard let packType = PackStreamWriter.ObjectType(type) else {
              throw GitError.synthesized(.invalid, .object, "object \(object.id) has an unknown type", "git_odb_read")
            }
            try writer.writeObject(type: packType, data: bytes)
          }
        case .delta(let base, let delta):
          try delta.withUnsafeBytes { (bytes) throws in
            try writer.writeObject(type: .referenceDelta, base: base, data: bytes)
          }
        }
        if index % 64 == 63 {
          try session.noteDirectPushProgress(current: index + 1, total: planner.objects.count, bytes: writer.written)
        }
      }
      try writer.finish()
      return (planner.objects.count, writer.written)
    }()
    session.clock.noteProgress()

    let report = try conversation.readReport { text in
      session.clock.noteProgress()
      if session.serverMessages.utf8.count < 4096 { session.serverMessages += String(decoding: text, as: UTF8.self) }
    }
    if let failure = report?.unpackFailure {
      throw GitError.synthesized(.generic, .net, "unpack failed: \(failure)", "git_remote_push")
    }
    try session.noteDirectPushProgress(current: sent, total: sent, bytes: bytes)
    for status in report?.statuses ?? [] {
      if let rejection = status.rejection {
        session.rejections.append((status.reference, rejection))
      } else if let update = updates.first(where: { $0.spec.destination == status.reference }) {
        try updateTrackingReference(remote: remote, pushed: status.reference, old: update.old, new: update.new, session: session)
      }
    }
  }

  /// libgit2's checks before sending: each remote reference that would move must be an
  /// ancestor of what replaces it, and present here.
  private func checkFastForward(_ updates: [(old: ObjectID, new: ObjectID)]) throws {
    for update in updates where !update.old.isZero && update.old != update.new {
      let database = try objectDatabase()
      var old = update.old.raw
      if git_odb_exists(database.pointer, &old) == 0 {
        throw GitError.synthesized(
          .nonFastForward, .reference,
          "cannot push because a reference that you are trying to update on the remote contains commits that are not present locally.",
          "git_remote_push")
      }
      var base = git_oid()
      var new = update.new.raw
      let result = git_merge_base(&base, pointer, &new, &old)
      if result == GIT_ENOTFOUND.rawValue || (result == 0 && ObjectID(base) != update.old) {
        throw GitError.synthesized(.nonFastForward, .reference, "cannot push non-fastforwardable reference", "git_remote_push")
      }
      try check(result, "git_merge_base")
    }
  }

  /// Moves the remote-tracking reference that `remote`'s fetch refspecs map `pushed` to
  /// (the first that matches), as libgit2 does after a push: "update by push".
  private func updateTrackingReference(
    remote: OpaquePointer, pushed: String, old: ObjectID, new: ObjectID, session: TransferSession
  ) throws {
    for index in 0..<git_remote_refspec_count(remote) {
      guard let spec = git_remote_get_refspec(remote, index), git_refspec_direction(spec) == GIT_DIRECTION_FETCH,
        git_refspec_src_matches(spec, pushed) != 0
      else { continue }
      var name = git_buf()
      defer { git_buf_dispose(&name) }
      try check(git_refspec_transform(&name, spec, pushed), "git_refspec_transform")
      guard let raw = name.ptr else { return }
      let tracking = decodeCString(UnsafePointer(raw))
      var oid = new.raw
      var created: OpaquePointer?
      try check(git_reference_create(&created, pointer, tracking, &oid, 1, "update by push"), "git_reference_create")
      git_reference_free(created)
      session.updates.append(ReferenceUpdate(name: tracking, old: old.isZero ? nil : old, new: new))
      return
    }
  }
}
