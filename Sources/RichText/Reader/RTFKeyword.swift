/// The control words the reader interprets. Every other control word is ignored
/// (its group's text still flows), or, after `\*`, skips its group.
enum RTFKeyword: String, CaseIterable, Sendable {
  // Header and document controls.
  case rtf, ansi, mac, pc, pca, ansicpg, deff, cocoartf, cocoasubrtf, uc, u, bin
  case paperw, paperh, margl, margr, margt, margb, vieww, viewh, viewkind, deftab
  case readonlydoc, hyphauto, cocoatextscaling, cocoaplatform

  // Destinations the reader reads.
  case fonttbl, colortbl, listtable, listoverridetable, list, listlevel, leveltext
  case levelmarker, listoverride, field, fldinst, fldrslt, pn
  // Destinations the reader skips; `counted` ones are embedded objects.
  case pict, object, shppict, shp, nextGraphic = "NeXTGraphic"
  case nonshppict, expandedcolortbl, stylesheet, info, listtext, pntext, levelnumbers
  case listname, lfolevel, header, headerl, headerr, headerf, footer, footerl, footerr
  case footerf, footnote, annotation, themedata, colorschememapping, datastore
  case latentstyles, xmlnstbl, rsidtbl, generator, pgdsctbl, filetbl, revtbl
  case nonesttables, xe, tc, txe, `private`, docvar, userprops, fchars, lchars
  case drawingObject = "do", falt, panose, fname, bkmkstart, bkmkend, atnid, atnauthor
  case template, nesttableprops, listpicture, ftnsep, ftnsepc, aftnsep, aftnsepc
  case pntxta, pntxtb, fldtype, mmathPr

  // Font and colour tables, lists.
  case f, fnil, froman, fswiss, fmodern, fscript, fdecor, ftech, fbidi, fcharset, cpg
  case red, green, blue, listid, levelnfc, levelstartat, levelfollow, ls, ilvl
  case pnlvlblt, pnlvlbody, pnlvl, pnstart, pndec, pnucltr, pnlcltr, pnucrm, pnlcrm

  // Character formatting.
  case plain, fs, fsmilli, b, i, ul, uldb, ulth, uld, uldash, uldashd, uldashdd, ulw
  case ulwave, ulhwave, ululdbwave, ulthd, ulthdash, ulnone, ulstyle, strike, striked
  case cf, cb, chcbpat, highlight, superscript = "super", `subscript` = "sub", nosupersub, up, dn
  case expnd, expndtw, kerning, outl, strokewidth, strokec, cocoaLigature = "CocoaLigature"
  case shad, obliqueness, expansion, caps, scaps, loch, hich, dbch, af, v
  // NoteStore's own mark on the conflict markers a merge writes (`ConflictMarkerFormatting`).
  case notesconflictmarker

  // Paragraphs and tables.
  case pard, par, sect, page, ql, qc, qr, qj, qd, qnatural, fi, li, ri, sb, sa
  case tx, tqc, tqr, tqdec, intbl, trowd, cell, row, nestcell, nestrow, chftn
  case slleading, slmaximum, slminimum, sl, slmult, pardeftab, keepn, rtlpar

  // Special characters.
  case tab, line, emdash, endash, bullet, lquote, rquote, ldblquote, rdblquote
  case emspace, enspace, qmspace, zwj, zwnj, ltrmark, rtlmark

  /// Looks up the control word spelled by `bytes[start..<end]` (ASCII letters).
  static func lookUp(_ bytes: [UInt8], _ start: Int, _ end: Int) -> RTFKeyword? {
    bytes.withUnsafeBufferPointer { buffer in
      table.keyword(hash: hash(buffer, start, end), spelledBy: buffer, start, end)
    }
  }

  /// FNV-1a over the word's letters.
  static func hash(_ bytes: [UInt8], _ start: Int, _ end: Int) -> UInt64 {
    bytes.withUnsafeBufferPointer { hash($0, start, end) }
  }

  /// FNV-1a over the word's letters.
  @inline(__always)
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UInt64 {
    var value = hashSeed
    for index in start..<end { value = hashStep(value, bytes[index]) }
    return value
  }

  /// FNV-1a's offset basis; `hashStep` adds one letter.
  static let hashSeed: UInt64 = 0xcbf2_9ce4_8422_2325

  /// One FNV-1a step, so the tokenizer can hash a word while it scans it.
  @inline(__always)
  static func hashStep(_ value: UInt64, _ letter: UInt8) -> UInt64 {
    (value ^ UInt64(letter)) &* 0x0000_0100_0000_01b3
  }

  /// Every keyword by the hash of its spelling. The keyword list has no two
  /// spellings with the same hash (a test checks it).
  static let table = RTFKeywordTable(RTFKeyword.allCases)
}

/// The keywords in an open-addressing hash table of flat arrays, so a lookup costs
/// one or two array reads and a comparison of the spelling, with no hashing of its
/// own and no allocation.
struct RTFKeywordTable: Sendable {
  /// Per slot: the index of its keyword in `keywords`, or -1 for an empty slot.
  private let slots: [Int16]
  private let mask: Int
  private let hashes: [UInt64]
  private let keywords: [RTFKeyword]
  /// The spellings one after the other; keyword `i`'s is
  /// `spellings[spellingStarts[i]..<spellingStarts[i + 1]]`.
  private let spellings: [UInt8]
  private let spellingStarts: [Int]

  init(_ all: [RTFKeyword]) {
    var size = 1
    while size < all.count * 4 { size *= 2 }
    var slots = [Int16](repeating: -1, count: size)
    var hashes: [UInt64] = []
    var spellings: [UInt8] = []
    var starts: [Int] = [0]
    for (index, keyword) in all.enumerated() {
      let spelling = Array(keyword.rawValue.utf8)
      let hash = RTFKeyword.hash(spelling, 0, spelling.count)
      hashes.append(hash)
      spellings += spelling
      starts.append(spellings.count)
      var slot = Int(truncatingIfNeeded: hash) & (size - 1)
      while slots[slot] >= 0 { slot = (slot + 1) & (size - 1) }
      slots[slot] = Int16(index)
    }
    self.slots = slots
    self.mask = size - 1
    self.hashes = hashes
    self.keywords = all
    self.spellings = spellings
    self.spellingStarts = starts
  }

  /// The keyword whose spelling hashes to `hash` and is `bytes[start..<end]`, or nil.
  @inline(__always)
  func keyword(
    hash: UInt64, spelledBy bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int
  ) -> RTFKeyword? {
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let index = Int(slots[slot])
      if index < 0 { return nil }
      if hashes[index] == hash {
        // A different word can share the hash: compare the spelling.
        let spellingStart = spellingStarts[index]
        guard spellingStarts[index + 1] - spellingStart == end - start else { return nil }
        for offset in 0..<(end - start) where spellings[spellingStart + offset] != bytes[start + offset] {
          return nil
        }
        return keywords[index]
      }
      slot = (slot + 1) & mask
    }
  }
}
