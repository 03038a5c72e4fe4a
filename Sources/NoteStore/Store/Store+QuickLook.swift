import Foundation
import Git
import QuickLook
import RichText

extension Store {
  /// The configured ``QuickLookMode``; `local` when unset.
  ///
  /// - Throws: `NoteStoreError.repository` when the configuration cannot be read or
  ///   holds a value other than `local`, `commit` or `off`.
  public func quickLookMode() throws -> QuickLookMode {
    let value = try git("reading \(QuickLookMode.configKey)") { try repository.configString(QuickLookMode.configKey) }
    guard let value else { return .local }
    guard let mode = QuickLookMode(rawValue: value.lowercased()) else {
      throw NoteStoreError.repository(
        operation: "reading \(QuickLookMode.configKey)",
        underlying: QuickLookConfigError(value: value))
    }
    return mode
  }

  /// Renders the thumbnail of a committed note: its text, and its first image
  /// attachment (by name) below it.
  ///
  /// - Throws: `NoteStoreError.noSuchNote`, `.cannotLoadText` when the body cannot be
  ///   read, `.cannotAccessDocument` when rendering fails.
  public func thumbnail(of note: NotePath, size: Int = ThumbnailRenderer.defaultSize) throws -> Thumbnail {
    let package = try committedPackage(note)
    let source = try quickLookSource(package)
    do {
      return try ThumbnailRenderer(size: size).renderNote(source.text, image: source.image)
    } catch {
      throw NoteStoreError.cannotAccessDocument(note: note.name, underlying: error)
    }
  }

  /// Renders one picture per committed attachment of a note, in name order: images
  /// scaled, other files as a file icon labelled with their extension.
  ///
  /// - Throws: `NoteStoreError.noSuchNote`, `.cannotAccessAttachments`.
  public func attachmentThumbnails(
    of note: NotePath, size: Int = ThumbnailRenderer.defaultSize
  ) throws -> [(name: String, thumbnail: Thumbnail)] {
    let package = try committedPackage(note)
    guard !package.attachments.isEmpty else { return [] }
    let types = try MediaTypes(note: note.name)
    let renderer = ThumbnailRenderer(size: size)
    do {
      return try package.attachments.map { entry in
        let content = try repository.blobData(entry.id)
        let type = try types.type(of: entry.name, content: content, note: note.name)
        return (entry.name, try renderer.renderAttachment(named: entry.name, type: type, content: content))
      }
    } catch let error as NoteStoreError {
      throw error
    } catch {
      throw NoteStoreError.cannotAccessAttachments(note: note.name, underlying: error)
    }
  }

  // MARK: - Derived files in the working tree

  /// Brings the QuickLook files of the packages a commit touched up to date in the
  /// working tree; call right after the checkout of `tree`. Packages no longer in
  /// `tree` lose their QuickLook folder.
  ///
  /// Never throws: QuickLook files are derived data, so a failure to render or write them
  /// never fails the change that was just committed; it becomes a warning.
  func refreshQuickLook(after updates: [TreeUpdate], from base: ObjectID?, to tree: ObjectID) {
    refreshQuickLook(packages: packages(touchedBy: updates, from: base, to: tree), in: tree)
  }

  /// ``refreshQuickLook(after:from:to:)`` for every package in `tree` (after a clone).
  func refreshQuickLook(everyPackageIn tree: ObjectID) {
    do {
      let packages = try PackageScanner(repository: repository).packages(in: tree).map(\.path.path)
      refreshQuickLook(packages: packages, in: tree)
    } catch {
      onWarning?("QuickLook previews were not written: \(error)")
    }
  }

  /// ``refreshQuickLook(after:from:to:)`` for package paths (such as `Work/Plan.note`).
  func refreshQuickLook(packages: [String], in tree: ObjectID) {
    guard !packages.isEmpty else { return }
    let mode: QuickLookMode
    do {
      mode = try quickLookMode()
    } catch {
      onWarning?("QuickLook previews were not updated: \(error)")
      return
    }
    guard mode != .off else { return }
    // A big change renders a few now and leaves the rest to run later (Store+QuickLookBacklog.swift).
    renderQuickLook(packages: deferringQuickLook(of: packages, mode: mode), in: tree, mode: mode)
  }

  /// Renders the QuickLook files of `packages` as they are in `tree`; a package not in
  /// `tree` loses its QuickLook folder. Failures are warnings.
  func renderQuickLook(packages: [String], in tree: ObjectID, mode: QuickLookMode) {
    for path in packages {
      let note = NotePath(packagePath: path)
      do {
        guard let package = try NotePackage.read(note, inTree: tree, repository: repository) else {
          QuickLookStamps(gitDirectory: gitDirectory).forget(path)
          try removeQuickLookFolder(of: path)
          continue
        }
        let files = try quickLookFiles(for: package)
        try writeQuickLook(files, into: path)
        if let stamp = files.stamp { QuickLookStamps(gitDirectory: gitDirectory).record(stamp) }
        if mode == .commit { try recordCommittedQuickLook(files, of: path, in: tree) }
      } catch {
        onWarning?("the QuickLook preview of \(note.name) was not updated (\(error)); the note itself is saved")
      }
    }
  }

  /// In `commit` mode, `tree` with fresh QuickLook files for every package `updates`
  /// touched; otherwise `tree` itself. A package that cannot be rendered keeps what it
  /// had, with a warning: the save goes on.
  func withCommittedQuickLook(
    _ tree: ObjectID, touching updates: [TreeUpdate], from base: ObjectID?
  ) throws -> ObjectID {
    // A bad mode is reported once, by the refresh after the checkout.
    guard (try? quickLookMode()) == .commit else { return tree }
    var additions: [TreeUpdate] = []
    for path in packages(touchedBy: updates, from: base, to: tree) {
      let note = NotePath(packagePath: path)
      do {
        guard let package = try NotePackage.read(note, inTree: tree, repository: repository) else { continue }
        for file in try quickLookFiles(for: package).byPath {
          let blob = try repository.createBlob(file.content)
          additions.append(.upsert(path: path + "/" + file.path, id: blob, mode: .blob))
        }
      } catch {
        onWarning?("the QuickLook preview of \(note.name) was not committed (\(error))")
      }
    }
    guard !additions.isEmpty else { return tree }
    return try git("adding QuickLook files to the tree") { try repository.updatedTree(tree, applying: additions) }
  }

  /// The package paths a commit from `base` to `tree` made by `updates` touched, sorted:
  /// the packages the updates fall in (`A.note/Text.rtf` → `A.note`), and for an update
  /// of a whole folder (`Work`), the packages that differ below it.
  func packages(touchedBy updates: [TreeUpdate], from base: ObjectID?, to tree: ObjectID) -> [String] {
    var found: Set<String> = []
    for update in updates {
      let path = update.path
      if let package = Self.packagePath(containing: path) {
        found.insert(package)
        continue
      }
      guard !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { continue }
      do {
        let before = try base.flatMap { try repository.treeEntry(atPath: path, inTree: $0) }
        let after = try repository.treeEntry(atPath: path, inTree: tree)
        let scanner = PackageScanner(repository: repository)
        found.formUnion(
          try scanner.changedPackages(
            from: before?.mode == .tree ? before?.id : nil, to: after?.mode == .tree ? after?.id : nil,
            prefix: path + "/"))
      } catch {
        onWarning?("QuickLook previews below \(path) were not updated: \(error)")
      }
    }
    return found.sorted()
  }

  /// A package's QuickLook files, rendered only as far as their inputs changed since the
  /// last render (see ``QuickLookStamps``): not at all when the body and attachments are
  /// the same and the files are in place, nor when the body changed only below the text
  /// the thumbnail shows; the text alone, over the image band of the last render, when
  /// only the body changed.
  private func quickLookFiles(for package: NotePackage) throws -> QuickLookFiles {
    switch try quickLookWork(for: package) {
    case .done(let files): return files
    case .render(let render): return finished(try render.run(), key: render.key)
    }
  }

  /// What is left to do for a package's QuickLook files: nothing (they are known), or a
  /// render whose inputs are read. A render started ahead for the same inputs is waited
  /// for here.
  private enum QuickLookWork {
    case done(QuickLookFiles)
    case render(QuickLookRender)
  }

  private func quickLookWork(for package: NotePackage) throws -> QuickLookWork {
    let note = package.path.name
    guard let textBlob = package.text else {
      throw NoteStoreError.malformedPackage(note: note, reason: "it has no \(NotePackage.textFileName)")
    }
    let size = ThumbnailRenderer.defaultSize
    let attachmentsKey = QuickLookStamps.attachmentsKey(package.attachments)
    let stamps = QuickLookStamps(gitDirectory: gitDirectory)
    let path = package.path.path
    let last = stamps.stamp(of: path)
    let sameAttachments = last.map { $0.attachments == attachmentsKey && $0.size == size } ?? false
    // The stamp is recorded once the files are in the working tree, so they are its render.
    if let last, sameAttachments, last.body == textBlob, let files = filesOnDisk(of: path) {
      return .done(files)
    }
    let firstImage: (name: String, blob: ObjectID)?
    if sameAttachments, let last {
      firstImage = last.firstImage
    } else {
      firstImage = try self.firstImage(of: package)
    }
    let key = "\(path)|\(textBlob)|\(firstImage.map { "\($0.name)|\($0.blob)" } ?? "-")"
    if let cached = quickLookCache.lookup(key) { return .done(cached) }
    if let started = quickLookCache.takeStarted(key) { return .done(finished(try started.result(), key: key)) }
    let (body, text) = try quickLookBody(package)
    let stamp = QuickLookStamps.Stamp(
      path: path, body: textBlob, attachments: attachmentsKey, firstImage: firstImage, size: size)
    if let last, sameAttachments, let kept = thumbnailStillDrawn(text, last: last) {
      var unchanged = stamp
      unchanged.textExtent = kept.extent
      let files = QuickLookFiles(thumbnail: kept.png, preview: body, stamp: unchanged)
      quickLookCache.store(files, for: key)
      return .done(files)
    }
    let image: QuickLookRender.Image
    if let firstImage, let band = stamps.band(of: firstImage.blob, size: size) {
      image = .band(name: firstImage.name, band)
    } else if let firstImage {
      do {
        image = .content(name: firstImage.name, blob: firstImage.blob, bytes: try repository.blobData(firstImage.blob))
      } catch {
        throw NoteStoreError.cannotAccessAttachments(note: note, underlying: error)
      }
    } else {
      image = .none
    }
    return .render(QuickLookRender(note: note, key: key, body: body, text: text, image: image, stamp: stamp))
  }

  /// Keeps what a render gives for later: the image band, and the files in the cache.
  private func finished(_ result: QuickLookRender.Result, key: String) -> QuickLookFiles {
    if let (band, blob) = result.band { QuickLookStamps(gitDirectory: gitDirectory).keep(band, of: blob) }
    quickLookCache.store(result.files, for: key)
    return result.files
  }

  /// Starts the thumbnail renders of a few `packages` as they are in `tree` on other
  /// threads, so that they draw while the commit is made and the working tree checked
  /// out; the refresh after the move takes them (``quickLookWork(for:)``). Anything that
  /// goes wrong here is left for that refresh to find and report.
  func startQuickLookRenders(packages: [String], in tree: ObjectID) {
    guard !packages.isEmpty, packages.count <= Self.quickLookRendersAhead,
      let mode = try? quickLookMode(), mode != .off
    else { return }
    for path in packages {
      guard let package = try? NotePackage.read(NotePath(packagePath: path), inTree: tree, repository: repository),
        case .render(let render)? = try? quickLookWork(for: package)
      else { continue }
      quickLookCache.start(render, on: drawingThread)
    }
  }

  /// ``startQuickLookRenders(packages:in:)`` before the new root tree exists, for a change
  /// whose `updates` all lie inside note packages: each package's own tree is made from
  /// its tree in `base` and the updates below it, which is what the new root will hold.
  /// The renders then draw while the root tree (400 KB at 10,000 notes) is spliced and
  /// written, too.
  ///
  /// - Returns: whether the renders were started; false when an update lies outside
  ///   every package (a folder removed or moved), for the caller to start them once the
  ///   tree is built.
  func startQuickLookRenders(applying updates: [TreeUpdate], to base: ObjectID?) -> Bool {
    var byPackage: [String: [TreeUpdate]] = [:]
    for update in updates {
      guard let package = Self.packagePath(containing: update.path) else { return false }
      let inside = String(update.path.dropFirst(package.count).drop { $0 == "/" })
      guard !inside.isEmpty else { return false }  // the whole package replaced or removed
      switch update {
      case .upsert(_, let id, let mode): byPackage[package, default: []].append(.upsert(path: inside, id: id, mode: mode))
      case .remove: byPackage[package, default: []].append(.remove(path: inside))
      }
    }
    guard !byPackage.isEmpty, byPackage.count <= Self.quickLookRendersAhead, let mode = try? quickLookMode(), mode != .off
    else { return true }  // nothing to render ahead: the refresh after the move does it all
    for (path, inside) in byPackage.sorted(by: { $0.key < $1.key }) {
      do {
        let before = try base.flatMap { try repository.treeEntry(atPath: path, inTree: $0) }
        let tree = try repository.updatedTree(before?.mode == .tree ? before?.id : nil, applying: inside)
        let package = try NotePackage.read(NotePath(packagePath: path), packageTree: tree, repository: repository)
        if case .render(let render) = try quickLookWork(for: package) { quickLookCache.start(render, on: drawingThread) }
      } catch {
        continue  // the refresh after the move meets it again, and reports it
      }
    }
    return true
  }

  /// The most thumbnails a change renders ahead, one thread each.
  static let quickLookRendersAhead = 4

  /// The thumbnail in the working tree, and how far its text reached, when the last
  /// render (`last`, of the same attachments at the same size) drew exactly what `text`
  /// would: an edit below the text the picture shows changes no pixel of it. Nil means
  /// "render": no extent recorded, the old body or the file gone or unreadable (only
  /// speed is lost, so those are not errors).
  private func thumbnailStillDrawn(
    _ text: AttributedText, last: QuickLookStamps.Stamp
  ) -> (png: [UInt8], extent: TextExtent)? {
    guard let extent = last.textExtent, let oldBody = try? repository.blobData(last.body),
      let oldText = try? RTFReader().read(oldBody).text,
      ThumbnailRenderer(size: last.size).drawsSameText(text, as: oldText, extent: extent),
      let png = FileManager.default.contents(
        atPath: root + "/" + last.path + "/" + NotePackage.quickLookFolderName + "/" + QuickLookFiles.thumbnailName)
    else { return nil }
    return ([UInt8](png), extent)
  }

  /// The QuickLook files in the working tree of `package`, when both are there.
  private func filesOnDisk(of package: String) -> QuickLookFiles? {
    let folder = root + "/" + package + "/" + NotePackage.quickLookFolderName + "/"
    guard let thumbnail = FileManager.default.contents(atPath: folder + QuickLookFiles.thumbnailName),
      let preview = FileManager.default.contents(atPath: folder + QuickLookFiles.previewName)
    else { return nil }
    return QuickLookFiles(thumbnail: [UInt8](thumbnail), preview: [UInt8](preview))
  }

  /// A package's body, as bytes and read.
  private func quickLookBody(_ package: NotePackage) throws -> (body: [UInt8], text: AttributedText) {
    let note = package.path.name
    guard let textBlob = package.text else {
      throw NoteStoreError.malformedPackage(note: note, reason: "it has no \(NotePackage.textFileName)")
    }
    let body: [UInt8]
    do {
      body = try repository.blobData(textBlob)
    } catch {
      throw NoteStoreError.cannotAccessDocument(note: note, underlying: error)
    }
    do {
      return (body, try RTFReader().read(body).text)
    } catch {
      throw NoteStoreError.cannotLoadText(note: note, underlying: error)
    }
  }

  /// The first attachment (by name) whose content is an image, typed through the
  /// attachment type cache.
  private func firstImage(of package: NotePackage) throws -> (name: String, blob: ObjectID)? {
    try firstImageAttachment(of: package).map { ($0.name, $0.id) }
  }

  /// A package's body (bytes and text) and its first image attachment by name.
  private func quickLookSource(_ package: NotePackage) throws -> (body: [UInt8], text: AttributedText, image: ImageAttachment?) {
    let (body, text) = try quickLookBody(package)
    guard let first = try firstImage(of: package) else { return (body, text, nil) }
    do {
      return (body, text, ImageAttachment(name: first.name, content: try repository.blobData(first.blob)))
    } catch {
      throw NoteStoreError.cannotAccessAttachments(note: package.path.name, underlying: error)
    }
  }

  /// In `commit` mode, records in the index the QuickLook files whose content on disk is
  /// the committed content, so that `git status` agrees with the commit (a save that
  /// checked out nothing, such as `attach`, leaves them out of the index otherwise). A
  /// file that differs (a merge keeps one side's files; the working tree has fresh ones)
  /// stays a visible change until the note is next saved.
  private func recordCommittedQuickLook(_ files: QuickLookFiles, of package: String, in tree: ObjectID) throws {
    var matching: [(path: String, id: ObjectID, mode: FileMode)] = []
    for file in files.byPath {
      let path = package + "/" + file.path
      guard let entry = try repository.treeEntry(atPath: path, inTree: tree), entry.mode == .blob,
        try repository.blobData(entry.id) == file.content
      else { continue }
      matching.append((path, entry.id, .blob))
    }
    guard !matching.isEmpty else { return }
    try git("recording QuickLook files in the index") { try repository.recordInIndex(matching) }
  }

  /// Writes a package's QuickLook files into its folder in the working tree, each file
  /// only when its bytes differ. A package folder that is not in the working tree is left
  /// alone: it was removed by hand (an unsaved delete), or with the whole store, while the
  /// previews were drawn in the background, and a QuickLook folder must not bring it back.
  private func writeQuickLook(_ files: QuickLookFiles, into package: String) throws {
    let fileManager = FileManager.default
    let packageFolder = root + "/" + package
    let folder = packageFolder + "/" + NotePackage.quickLookFolderName
    var isDirectory: ObjCBool = false
    guard fileManager.fileExists(atPath: packageFolder, isDirectory: &isDirectory), isDirectory.boolValue else { return }
    do {
      if !fileManager.fileExists(atPath: folder) {
        try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: false)
      }
      for file in files.byPath {
        let path = root + "/" + package + "/" + file.path
        if let existing = fileManager.contents(atPath: path), existing.elementsEqual(file.content) { continue }
        // Synced: the QuickLook stamp says the files are current, and nothing reads them
        // back to find one a crash left empty.
        try DerivedFile.replace(file.content, at: path, durably: true)
      }
    } catch {
      throw NoteStoreError.cannotWriteFile(path: folder, underlying: error)
    }
  }

  /// Removes a gone package's QuickLook folder, and the package folder when nothing
  /// else is left in it.
  private func removeQuickLookFolder(of package: String) throws {
    let fileManager = FileManager.default
    let packageFolder = root + "/" + package
    let folder = packageFolder + "/" + NotePackage.quickLookFolderName
    guard fileManager.fileExists(atPath: folder) else { return }
    do {
      try fileManager.removeItem(atPath: folder)
      if try fileManager.contentsOfDirectory(atPath: packageFolder).isEmpty {
        try fileManager.removeItem(atPath: packageFolder)
      }
    } catch {
      throw NoteStoreError.cannotWriteFile(path: folder, underlying: error)
    }
  }
}

extension Store {
  /// Starts loading what thumbnails are drawn with (the drawing libraries, fontconfig's
  /// configuration, the default font) on a thread of its own, for a command about to
  /// change notes: the first thumbnail of the change is then drawn there, without that
  /// wait. Nothing when previews are off. Returns the thread, whose
  /// ``DrawingThread/waitUntilIdle()`` the caller must call before the process exits.
  @discardableResult
  public func startDrawingAhead() -> DrawingThread? {
    if let drawingThread { return drawingThread }
    guard let mode = try? quickLookMode(), mode != .off else { return nil }
    let thread = DrawingThread()
    drawingThread = thread
    return thread
  }
}
