import Foundation
import RichText

/// An open note, in the manner of `UIDocument`: it loads a note's body and
/// attachments from the store, tracks changes with undo and redo, and saves them
/// back as one commit.
///
/// ```swift
/// let document = NoteDocument(store: store, note: try store.resolveNote("Shopping"))
/// try document.open()
/// document.text = document.text.applyingPlainText("Milk\nEggs\nBread")
/// try document.save()      // one commit: "Edit Shopping"
/// try document.close()
/// ```
///
/// Not thread-safe: use a document from one thread at a time.
public final class NoteDocument {
  /// The document states of `UIDocument.State`.
  public enum State: String, Sendable, Hashable, CaseIterable {
    /// Open and editable.
    case normal
    /// Not open, or closed.
    case closed
    /// The note has unresolved conflict versions (see `notes conflicts`).
    case inConflict
    /// The last save failed; the edits are still in memory.
    case savingError
    /// The note has hand edits in the working tree that must be saved first.
    case editingDisabled
  }

  /// A token that keeps a state observer registered; see ``removeObserver(_:)``.
  public struct ObserverToken: Hashable, Sendable {
    fileprivate let id: Int
  }

  /// The store the note lives in.
  public let store: Store
  /// The note.
  public private(set) var note: NotePath
  /// The current state.
  public private(set) var state: State = .closed {
    didSet {
      if state != oldValue { for (_, observer) in observers.sorted(by: { $0.key < $1.key }) { observer(state) } }
    }
  }
  /// The attachments as last loaded.
  public private(set) var attachments: [AttachmentInfo] = []

  private var savedText = AttributedText()
  private var currentText = AttributedText()
  private var undoStack: [AttributedText] = []
  private var redoStack: [AttributedText] = []
  private var observers: [Int: (State) -> Void] = [:]
  private var nextObserverID = 0

  /// Makes a closed document for `note`; call ``open()`` to load it.
  public init(store: Store, note: NotePath) {
    self.store = store
    self.note = note
  }

  /// The body. Setting it records the previous body for ``undo()``.
  public var text: AttributedText {
    get { currentText }
    set {
      guard newValue != currentText else { return }
      undoStack.append(currentText)
      redoStack.removeAll()
      currentText = newValue
    }
  }

  /// Whether the body differs from what is saved.
  public var hasUnsavedChanges: Bool { currentText != savedText }
  /// Whether there is an edit to undo.
  public var canUndo: Bool { !undoStack.isEmpty }
  /// Whether there is an undone edit to redo.
  public var canRedo: Bool { !redoStack.isEmpty }

  /// Loads the committed body and attachments.
  /// - Throws: `NoteStoreError.cannotLoadText` and friends, naming the note.
  public func open() throws {
    let body = try store.body(of: note)
    attachments = try store.attachments(of: note)
    savedText = body
    currentText = body
    undoStack = []
    redoStack = []
    state = try currentStateOfStore()
  }

  /// Saves the body as one commit when it changed.
  /// - Returns: whether a commit was made.
  @discardableResult
  public func save() throws -> Bool {
    guard state != .closed else { return false }
    guard hasUnsavedChanges else { return false }
    do {
      let committed = try store.writeBody(of: note, content: .attributed(currentText))
      savedText = currentText
      state = try currentStateOfStore()
      return committed
    } catch {
      state = .savingError
      throw error
    }
  }

  /// Drops unsaved edits and reloads the committed note.
  public func revert() throws {
    try open()
  }

  /// Saves pending edits, then closes the document.
  public func close() throws {
    if state != .closed && hasUnsavedChanges { try save() }
    state = .closed
  }

  /// Undoes the last edit of ``text``.
  public func undo() {
    guard let previous = undoStack.popLast() else { return }
    redoStack.append(currentText)
    currentText = previous
  }

  /// Redoes the last undone edit.
  public func redo() {
    guard let next = redoStack.popLast() else { return }
    undoStack.append(currentText)
    currentText = next
  }

  /// Calls `observer` with the new state on every state change.
  @discardableResult
  public func addStateObserver(_ observer: @escaping (State) -> Void) -> ObserverToken {
    nextObserverID += 1
    observers[nextObserverID] = observer
    return ObserverToken(id: nextObserverID)
  }

  /// Stops calling an observer.
  public func removeObserver(_ token: ObserverToken) {
    observers[token.id] = nil
  }

  private func currentStateOfStore() throws -> State {
    if try store.hasUnresolvedConflict(note) { return .inConflict }
    if try store.unsavedNotePaths(among: [note.path]).contains(note.path) { return .editingDisabled }
    return .normal
  }
}
