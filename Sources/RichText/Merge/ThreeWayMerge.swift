/// A three-way merge of two edited versions of a rich-text body against their common
/// ancestor, with diff3 semantics over words, paragraph breaks and formatting.
///
/// Paragraphs are compared first: paragraphs only one side changed are taken from it,
/// the same change on both sides is taken once, and changes to different paragraphs
/// never conflict, even neighbouring ones. Paragraphs both sides changed are
/// merged word by word (`WordTokenizer` tokens, `TokenDiff`): separated edits merge,
/// edits to the same stretch (or insertions at the same point) conflict. Formatting
/// merges per attribute: a format change and a text edit elsewhere both survive,
/// formatting of deleted words goes with them, words inserted inside a reformatted
/// stretch take its formatting. Paragraph styles and document attributes merge per
/// field. Clashing values go to the newer side (`MergeSideInfo.date`, then the later
/// label), never to "the local side": merging (base, x, y) and (base, y, x) gives the
/// same body.
///
/// ```swift
/// let result = ThreeWayMerge(base: base, mine: mine, theirs: theirs,
///                            mineInfo: laptop, theirInfo: phone).merge()
/// if case .clean(let body) = result { … }
/// ```
public struct ThreeWayMerge: Sendable {
  /// The common ancestor.
  public let base: AttributedText
  /// One edited version.
  public let mine: AttributedText
  /// The other edited version.
  public let theirs: AttributedText
  /// Who made `mine`, and when.
  public let mineInfo: MergeSideInfo
  /// Who made `theirs`, and when.
  public let theirInfo: MergeSideInfo
  /// The edit distance each token diff searches exhaustively; beyond it the diff
  /// anchors on unique tokens (coarser, more conflicts, never a wrong merge).
  var costLimit = 1_000

  /// Prepares a merge; `merge()` does the work.
  public init(
    base: AttributedText, mine: AttributedText, theirs: AttributedText,
    mineInfo: MergeSideInfo, theirInfo: MergeSideInfo
  ) {
    self.base = base
    self.mine = mine
    self.theirs = theirs
    self.mineInfo = mineInfo
    self.theirInfo = theirInfo
  }

  /// Merges the two versions.
  ///
  /// - Complexity: O(n) for hashing the paragraphs plus bounded token diffs of the
  ///   paragraphs both sides changed (see `TokenDiff`).
  public func merge() -> MergeResult {
    if mine == theirs { return .clean(mine) }
    if base == mine { return .clean(theirs) }
    if base == theirs { return .clean(mine) }
    let mineIsNewer = mineIsNewer()
    let rule = AttributeMerge(preferMine: mineIsNewer)
    let (first, second) = mineIsNewer ? (theirInfo, mineInfo) : (mineInfo, theirInfo)
    var builder = MergedBodyBuilder(firstLabel: first.label, secondLabel: second.label)
    var table = AttributeTable()

    func mergeStretch(
      _ baseSlice: ArraySlice<Paragraph>, _ mineSlice: ArraySlice<Paragraph>,
      _ theirsSlice: ArraySlice<Paragraph>
    ) {
      if mineSlice.elementsEqual(baseSlice) || mineSlice.elementsEqual(theirsSlice) {
        builder.append(theirsSlice)
      } else if theirsSlice.elementsEqual(baseSlice) {
        builder.append(mineSlice)
      } else {
        let words = WordMerge(
          base: baseSlice, mine: mineSlice, theirs: theirsSlice, table: &table, rule: rule,
          mineFirst: !mineIsNewer, costLimit: costLimit)
        builder.append(words.pieces(table: &table), table: table)
      }
    }

    // The paragraph numbers and the interner are gone before the merged body is
    // built: on a big body they are the largest tables of the merge.
    let chunks = paragraphChunks()
    builder.reserveCapacity(max(mine.paragraphs.count, theirs.paragraphs.count))
    for chunk in chunks {
      switch chunk.kind {
      case .stable, .mine, .same: builder.append(mine.paragraphs[chunk.mine])
      case .theirs: builder.append(theirs.paragraphs[chunk.theirs])
      case .conflict:
        let (mineSlice, theirsSlice) = (mine.paragraphs[chunk.mine], theirs.paragraphs[chunk.theirs])
        if ConflictMarkerFormatting.holdsMarkers(mineSlice) || ConflictMarkerFormatting.holdsMarkers(theirsSlice) {
          // The markers of an earlier merge (`resolve --merge` of three or more versions
          // merges one version at a time) are never split word by word: the stretch
          // conflicts whole, so the new markers enclose the old ones.
          let (first, second) = mineIsNewer ? (theirsSlice, mineSlice) : (mineSlice, theirsSlice)
          builder.appendConflict(first, second)
        } else if chunk.base.count == chunk.mine.count && chunk.base.count == chunk.theirs.count {
          // Paragraphs edited in place (the same count on all sides) merge one by one;
          // otherwise the whole stretch merges word by word.
          for offset in 0..<chunk.base.count {
            let (b, m, t) = (chunk.base.lowerBound + offset, chunk.mine.lowerBound + offset,
                             chunk.theirs.lowerBound + offset)
            mergeStretch(base.paragraphs[b...b], mine.paragraphs[m...m], theirs.paragraphs[t...t])
          }
        } else {
          mergeStretch(base.paragraphs[chunk.base], mine.paragraphs[chunk.mine], theirs.paragraphs[chunk.theirs])
        }
      }
    }
    var body = AttributedText(
      paragraphs: builder.paragraphs,
      document: rule.document(base.document, mine.document, theirs.document))
    // Written back into mine's file, the paragraphs mine kept keep their bytes.
    body.rtfSource = mine.rtfSource
    return builder.hunks.isEmpty ? .clean(body) : .conflicted(body, builder.hunks)
  }

  /// The paragraph-level diff3 chunks of the three bodies.
  ///
  /// One side's paragraph numbers are gone before the other's are made: on a big
  /// body each is as large as the body's paragraph array.
  private func paragraphChunks() -> [Diff3.Chunk] {
    var interner = TokenInterner<ParagraphTextKey>()
    let baseNumbers = interner.intern(paragraphs: base.paragraphs)
    func changes(_ side: AttributedText) -> [TokenDiff.Change] {
      let numbers = interner.intern(
        paragraphs: side.paragraphs, editing: base.paragraphs, referenceNumbers: baseNumbers)
      return TokenDiff(from: baseNumbers, to: numbers, costLimit: costLimit).changes
    }
    let mineChanges = changes(mine)
    let theirsChanges = changes(theirs)
    // Equal paragraphs have equal numbers (the interner numbers them by `==`).
    return Diff3.paragraphChunks(
      mineChanges: mineChanges, theirsChanges: theirsChanges,
      counts: (base.paragraphs.count, mine.paragraphs.count, theirs.paragraphs.count)
    ) { mine.paragraphs[$0].elementsEqual(theirs.paragraphs[$1]) }
  }

  /// Whether mine is the newer side: by date, then by label; between identical
  /// infos, by content, so the choice never depends on which side is local.
  private func mineIsNewer() -> Bool {
    if mineInfo.date != theirInfo.date { return mineInfo.date > theirInfo.date }
    if mineInfo.label != theirInfo.label { return mineInfo.label > theirInfo.label }
    let (mineText, theirsText) = (mine.plainText, theirs.plainText)
    if mineText != theirsText { return mineText > theirsText }
    return String(describing: mine.forgettingSource()) > String(describing: theirs.forgettingSource())
  }
}
