import Foundation
import Git
import QuickLook
import RichText

/// Whether and where a store keeps its notes' QuickLook files (`git config
/// notes.quicklook`).
public enum QuickLookMode: String, Sendable, CaseIterable {
  /// In the working tree only, ignored by git (the default).
  case local
  /// In the working tree and in every commit that changes the note.
  case commit
  /// Not written at all.
  case off

  /// The git config key.
  public static let configKey = "notes.quicklook"
}

/// The derived files of a note package: `QuickLook/Thumbnail.png` and
/// `QuickLook/Preview.rtf`.
struct QuickLookFiles: Equatable {
  static let thumbnailName = "Thumbnail.png"
  static let previewName = "Preview.rtf"

  var thumbnail: [UInt8]
  var preview: [UInt8]

  /// The files by their path inside the package (`QuickLook/Thumbnail.png`, …).
  var byPath: [(path: String, content: [UInt8])] {
    [
      (NotePackage.quickLookFolderName + "/" + Self.previewName, preview),
      (NotePackage.quickLookFolderName + "/" + Self.thumbnailName, thumbnail),
    ]
  }
}

/// QuickLook files already rendered, by what they were rendered from (the body blob and
/// the image attachment's name and blob), so that a save in `commit` mode, which renders
/// before the commit, does not render again when the working tree is updated.
final class QuickLookCache {
  private var files: [String: QuickLookFiles] = [:]

  func lookup(_ key: String) -> QuickLookFiles? { files[key] }

  func store(_ rendered: QuickLookFiles, for key: String) {
    // A long-lived store object keeps only recent renders.
    if files.count >= 64 { files.removeAll() }
    files[key] = rendered
  }
}

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
  func refreshQuickLook(after updates: [TreeUpdate], in tree: ObjectID) {
    refreshQuickLook(packages: Self.packages(touchedBy: updates), in: tree)
  }

  /// ``refreshQuickLook(after:in:)`` for every package in `tree` (after a clone).
  func refreshQuickLook(everyPackageIn tree: ObjectID) {
    do {
      let packages = try PackageScanner(repository: repository).packages(in: tree).map(\.path.path)
      refreshQuickLook(packages: packages, in: tree)
    } catch {
      onWarning?("QuickLook previews were not written: \(error)")
    }
  }

  /// ``refreshQuickLook(after:in:)`` for package paths (such as `Work/Plan.note`).
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
    for path in packages {
      let note = NotePath(packagePath: path)
      do {
        guard let package = try NotePackage.read(note, inTree: tree, repository: repository) else {
          try removeQuickLookFolder(of: path)
          continue
        }
        try writeQuickLook(try quickLookFiles(for: package), into: path)
      } catch {
        onWarning?("the QuickLook preview of \(note.name) was not updated (\(error)); the note itself is saved")
      }
    }
  }

  /// In `commit` mode, `tree` with fresh QuickLook files for every package `updates`
  /// touched; otherwise `tree` itself. A package that cannot be rendered keeps what it
  /// had, with a warning: the save goes on.
  func withCommittedQuickLook(_ tree: ObjectID, touching updates: [TreeUpdate]) throws -> ObjectID {
    // A bad mode is reported once, by the refresh after the checkout.
    guard (try? quickLookMode()) == .commit else { return tree }
    var additions: [TreeUpdate] = []
    for path in Self.packages(touchedBy: updates) {
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

  /// The package paths that tree updates fall in (`A.note/Text.rtf` → `A.note`), sorted;
  /// updates to QuickLook files themselves do not count.
  static func packages(touchedBy updates: [TreeUpdate]) -> [String] {
    var found: Set<String> = []
    for update in updates {
      if let package = packagePath(containing: update.path) {
        found.insert(package)
      } else if update.path.hasSuffix(NotePath.packageExtension), !update.path.contains("/" + NotePackage.quickLookFolderName) {
        found.insert(update.path)
      }
    }
    return found.sorted()
  }

  /// What a package's QuickLook files show, and the files, rendered once per content.
  private func quickLookFiles(for package: NotePackage) throws -> QuickLookFiles {
    guard let textBlob = package.text else {
      throw NoteStoreError.malformedPackage(note: package.path.name, reason: "it has no \(NotePackage.textFileName)")
    }
    let source = try quickLookSource(package)
    let key = "\(textBlob)|\(source.imageKey)"
    if let cached = quickLookCache.lookup(key) { return cached }
    let thumbnail: Thumbnail
    do {
      thumbnail = try ThumbnailRenderer().renderNote(source.text, image: source.image)
    } catch {
      throw NoteStoreError.cannotAccessDocument(note: package.path.name, underlying: error)
    }
    let files = QuickLookFiles(thumbnail: thumbnail.png, preview: source.body)
    quickLookCache.store(files, for: key)
    return files
  }

  /// A package's body (bytes and text) and its first image attachment by name.
  private func quickLookSource(
    _ package: NotePackage
  ) throws -> (body: [UInt8], text: AttributedText, image: ImageAttachment?, imageKey: String) {
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
    let text: AttributedText
    do {
      text = try RTFReader().read(body).text
    } catch {
      throw NoteStoreError.cannotLoadText(note: note, underlying: error)
    }
    guard !package.attachments.isEmpty else { return (body, text, nil, "-") }
    let types = try MediaTypes(note: note)
    for entry in package.attachments {
      let content: [UInt8]
      do {
        content = try repository.blobData(entry.id)
      } catch {
        throw NoteStoreError.cannotAccessAttachments(note: note, underlying: error)
      }
      if try types.type(of: entry.name, content: content, note: note).isImage {
        return (body, text, ImageAttachment(name: entry.name, content: content), "\(entry.name)|\(entry.id)")
      }
    }
    return (body, text, nil, "-")
  }

  private func writeQuickLook(_ files: QuickLookFiles, into package: String) throws {
    let fileManager = FileManager.default
    let folder = root + "/" + package + "/" + NotePackage.quickLookFolderName
    do {
      try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true)
      for file in files.byPath {
        let path = root + "/" + package + "/" + file.path
        if let existing = fileManager.contents(atPath: path), existing.elementsEqual(file.content) { continue }
        try Data(file.content).write(to: URL(fileURLWithPath: path), options: .atomic)
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

/// A `notes.quicklook` value that is none of `local`, `commit`, `off`.
struct QuickLookConfigError: Error, CustomStringConvertible {
  var value: String
  var description: String {
    "\(QuickLookMode.configKey) is '\(value)'; set it to local, commit or off (git config \(QuickLookMode.configKey) local)"
  }
}
