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
  case red, green, blue, listid, levelnfc, levelstartat, ls, ilvl
  case pnlvlblt, pnlvlbody, pnlvl, pnstart, pndec, pnucltr, pnlcltr, pnucrm, pnlcrm

  // Character formatting.
  case plain, fs, fsmilli, b, i, ul, uldb, ulth, uld, uldash, uldashd, uldashdd, ulw
  case ulwave, ulhwave, ululdbwave, ulthd, ulthdash, ulnone, ulstyle, strike, striked
  case cf, cb, chcbpat, highlight, superscript = "super", `subscript` = "sub", nosupersub, up, dn
  case expnd, expndtw, kerning, outl, strokewidth, strokec, cocoaLigature = "CocoaLigature"
  case shad, obliqueness, expansion, caps, scaps, loch, hich, dbch, af, v

  // Paragraphs and tables.
  case pard, par, sect, page, ql, qc, qr, qj, qd, qnatural, fi, li, ri, sb, sa
  case tx, tqc, tqr, tqdec, intbl, trowd, cell, row, nestcell, nestrow, chftn
  case slleading, slmaximum, slminimum, sl, slmult, pardeftab, keepn, rtlpar

  // Special characters.
  case tab, line, emdash, endash, bullet, lquote, rquote, ldblquote, rdblquote
  case emspace, enspace, qmspace, zwj, zwnj, ltrmark, rtlmark

  /// Looks up the control word spelled by `bytes[start..<end]` (ASCII letters).
  static func lookUp(_ bytes: [UInt8], _ start: Int, _ end: Int) -> RTFKeyword? {
    bytes.withUnsafeBufferPointer { table.keyword(spelledBy: $0, start, end) }
  }

  /// Every keyword by its packed spelling.
  static let table = RTFKeywordTable(RTFKeyword.allCases)
}

/// A control word's letters packed eight to a 64-bit word, the first letter in the
/// lowest byte and zeros past the last: two spellings are equal when their packings
/// are, so a lookup compares three words instead of the letters one by one.
struct PackedSpelling: Equatable, Sendable {
  var low: UInt64 = 0
  var middle: UInt64 = 0
  var high: UInt64 = 0

  /// The most letters a packing holds; no keyword is longer.
  static let capacity = 24

  /// The packing of no letters (an empty slot of the keyword table).
  init() {}

  /// The packing of `bytes[start..<end]`, or nil when it is longer than `capacity`.
  /// Three loads while the buffer has `capacity` bytes from `start`, byte by byte
  /// near its end.
  @inline(__always)
  init?(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) {
    let length = end - start
    guard length <= Self.capacity, let base = bytes.baseAddress else { return nil }
    if start + Self.capacity <= bytes.count {
      low = ByteWord.load(base, start) & Self.mask(length)
      middle = length > 8 ? ByteWord.load(base, start + 8) & Self.mask(length - 8) : 0
      high = length > 16 ? ByteWord.load(base, start + 16) & Self.mask(length - 16) : 0
    } else {
      for offset in 0..<length {
        let letter = UInt64(base[start + offset]) << (UInt64(offset & 7) * 8)
        switch offset >> 3 {
        case 0: low |= letter
        case 1: middle |= letter
        default: high |= letter
        }
      }
    }
  }

  /// The low `count` bytes (all eight from eight on).
  @inline(__always)
  private static func mask(_ count: Int) -> UInt64 {
    count >= 8 ? ~0 : (1 << (UInt64(count) * 8)) &- 1
  }

  /// A hash of the packing (multiplicative: the high bits are the well mixed ones).
  @inline(__always)
  var hash: UInt64 {
    (low ^ (middle &* 0xC2B2_AE3D_27D4_EB4F) ^ (high &* 0x1656_67B1_9E37_79F9)) &* 0x9E37_79B9_7F4A_7C15
  }
}

/// The keywords in an open-addressing hash table of packed spellings, so a lookup
/// costs a multiplication, one or two reads of a slot and a comparison of three
/// words, with no allocation.
struct RTFKeywordTable: Sendable {
  /// One slot: a keyword with its packed spelling, or nil with zeros when empty
  /// (no letters pack to zeros, so an empty slot matches no word).
  private struct Slot: Sendable {
    var spelling = PackedSpelling()
    var keyword: RTFKeyword?
  }

  private let slots: [Slot]
  private let shift: UInt64
  private let mask: Int

  init(_ all: [RTFKeyword]) {
    var bits: UInt64 = 1
    while 1 << bits < all.count * 2 { bits += 1 }
    let size = 1 << Int(bits)
    var slots = [Slot](repeating: Slot(), count: size)
    for keyword in all {
      let spelling = Array(keyword.rawValue.utf8)
      guard let packed = spelling.withUnsafeBufferPointer({ PackedSpelling($0, 0, spelling.count) }) else {
        preconditionFailure("\\\(keyword.rawValue) is longer than a packed spelling")
      }
      var slot = Int(truncatingIfNeeded: packed.hash >> (64 - bits))
      while slots[slot].keyword != nil { slot = (slot + 1) & (size - 1) }
      slots[slot] = Slot(spelling: packed, keyword: keyword)
    }
    self.slots = slots
    self.shift = 64 - bits
    self.mask = size - 1
  }

  /// The keyword spelled by `bytes[start..<end]` (ASCII letters), or nil.
  @inline(__always)
  func keyword(spelledBy bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> RTFKeyword? {
    guard let packed = PackedSpelling(bytes, start, end) else { return nil }
    var slot = Int(truncatingIfNeeded: packed.hash >> shift)
    while true {
      let entry = slots[slot]
      if entry.spelling == packed { return entry.keyword }
      if entry.keyword == nil { return nil }
      slot = (slot + 1) & mask
    }
  }

  /// The longest probe any keyword needs (for tests: lookups stay short).
  var longestProbe: Int {
    var longest = 0
    for (index, entry) in slots.enumerated() where entry.keyword != nil {
      let home = Int(truncatingIfNeeded: entry.spelling.hash >> shift)
      longest = max(longest, (index - home + slots.count) & mask + 1)
    }
    return longest
  }
}
