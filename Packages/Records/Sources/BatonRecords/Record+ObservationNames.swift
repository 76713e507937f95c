// Written by Tools/ObservationNames/generate.sh 256: edit the script, not this file.

extension Record {
    /// The key paths Observation knows the first `observationNames.count` slots by, a slot's
    /// number its index: `\Record.observed0`, `\Record.observed1`, …; a slot past them
    /// is named `\Record.[observed: slot]`.
    ///
    /// Observation hashes and compares a read's key path several times a tracked read. A key
    /// path to a member without arguments is hashed and compared by the member alone; one
    /// through a subscript also hashes and compares its argument, through its `Hashable`
    /// witnesses: about 500 more instructions a tracked read (`profile tracked-read`), which
    /// put `tracked_over_observable_ratio` at 1.03–1.05 against `@Observable`'s stored
    /// properties. These members are never read, as the subscript is not (Observation
    /// compares key paths, it does not follow them). Safe on any thread.
    nonisolated static let observationNames: [KeyPath<Record, Value?> & Sendable] = [
        \Record.observed0,
        \Record.observed1,
        \Record.observed2,
        \Record.observed3,
        \Record.observed4,
        \Record.observed5,
        \Record.observed6,
        \Record.observed7,
        \Record.observed8,
        \Record.observed9,
        \Record.observed10,
        \Record.observed11,
        \Record.observed12,
        \Record.observed13,
        \Record.observed14,
        \Record.observed15,
        \Record.observed16,
        \Record.observed17,
        \Record.observed18,
        \Record.observed19,
        \Record.observed20,
        \Record.observed21,
        \Record.observed22,
        \Record.observed23,
        \Record.observed24,
        \Record.observed25,
        \Record.observed26,
        \Record.observed27,
        \Record.observed28,
        \Record.observed29,
        \Record.observed30,
        \Record.observed31,
        \Record.observed32,
        \Record.observed33,
        \Record.observed34,
        \Record.observed35,
        \Record.observed36,
        \Record.observed37,
        \Record.observed38,
        \Record.observed39,
        \Record.observed40,
        \Record.observed41,
        \Record.observed42,
        \Record.observed43,
        \Record.observed44,
        \Record.observed45,
        \Record.observed46,
        \Record.observed47,
        \Record.observed48,
        \Record.observed49,
        \Record.observed50,
        \Record.observed51,
        \Record.observed52,
        \Record.observed53,
        \Record.observed54,
        \Record.observed55,
        \Record.observed56,
        \Record.observed57,
        \Record.observed58,
        \Record.observed59,
        \Record.observed60,
        \Record.observed61,
        \Record.observed62,
        \Record.observed63,
        \Record.observed64,
        \Record.observed65,
        \Record.observed66,
        \Record.observed67,
        \Record.observed68,
        \Record.observed69,
        \Record.observed70,
        \Record.observed71,
        \Record.observed72,
        \Record.observed73,
        \Record.observed74,
        \Record.observed75,
        \Record.observed76,
        \Record.observed77,
        \Record.observed78,
        \Record.observed79,
        \Record.observed80,
        \Record.observed81,
        \Record.observed82,
        \Record.observed83,
        \Record.observed84,
        \Record.observed85,
        \Record.observed86,
        \Record.observed87,
        \Record.observed88,
        \Record.observed89,
        \Record.observed90,
        \Record.observed91,
        \Record.observed92,
        \Record.observed93,
        \Record.observed94,
        \Record.observed95,
        \Record.observed96,
        \Record.observed97,
        \Record.observed98,
        \Record.observed99,
        \Record.observed100,
        \Record.observed101,
        \Record.observed102,
        \Record.observed103,
        \Record.observed104,
        \Record.observed105,
        \Record.observed106,
        \Record.observed107,
        \Record.observed108,
        \Record.observed109,
        \Record.observed110,
        \Record.observed111,
        \Record.observed112,
        \Record.observed113,
        \Record.observed114,
        \Record.observed115,
        \Record.observed116,
        \Record.observed117,
        \Record.observed118,
        \Record.observed119,
        \Record.observed120,
        \Record.observed121,
        \Record.observed122,
        \Record.observed123,
        \Record.observed124,
        \Record.observed125,
        \Record.observed126,
        \Record.observed127,
        \Record.observed128,
        \Record.observed129,
        \Record.observed130,
        \Record.observed131,
        \Record.observed132,
        \Record.observed133,
        \Record.observed134,
        \Record.observed135,
        \Record.observed136,
        \Record.observed137,
        \Record.observed138,
        \Record.observed139,
        \Record.observed140,
        \Record.observed141,
        \Record.observed142,
        \Record.observed143,
        \Record.observed144,
        \Record.observed145,
        \Record.observed146,
        \Record.observed147,
        \Record.observed148,
        \Record.observed149,
        \Record.observed150,
        \Record.observed151,
        \Record.observed152,
        \Record.observed153,
        \Record.observed154,
        \Record.observed155,
        \Record.observed156,
        \Record.observed157,
        \Record.observed158,
        \Record.observed159,
        \Record.observed160,
        \Record.observed161,
        \Record.observed162,
        \Record.observed163,
        \Record.observed164,
        \Record.observed165,
        \Record.observed166,
        \Record.observed167,
        \Record.observed168,
        \Record.observed169,
        \Record.observed170,
        \Record.observed171,
        \Record.observed172,
        \Record.observed173,
        \Record.observed174,
        \Record.observed175,
        \Record.observed176,
        \Record.observed177,
        \Record.observed178,
        \Record.observed179,
        \Record.observed180,
        \Record.observed181,
        \Record.observed182,
        \Record.observed183,
        \Record.observed184,
        \Record.observed185,
        \Record.observed186,
        \Record.observed187,
        \Record.observed188,
        \Record.observed189,
        \Record.observed190,
        \Record.observed191,
        \Record.observed192,
        \Record.observed193,
        \Record.observed194,
        \Record.observed195,
        \Record.observed196,
        \Record.observed197,
        \Record.observed198,
        \Record.observed199,
        \Record.observed200,
        \Record.observed201,
        \Record.observed202,
        \Record.observed203,
        \Record.observed204,
        \Record.observed205,
        \Record.observed206,
        \Record.observed207,
        \Record.observed208,
        \Record.observed209,
        \Record.observed210,
        \Record.observed211,
        \Record.observed212,
        \Record.observed213,
        \Record.observed214,
        \Record.observed215,
        \Record.observed216,
        \Record.observed217,
        \Record.observed218,
        \Record.observed219,
        \Record.observed220,
        \Record.observed221,
        \Record.observed222,
        \Record.observed223,
        \Record.observed224,
        \Record.observed225,
        \Record.observed226,
        \Record.observed227,
        \Record.observed228,
        \Record.observed229,
        \Record.observed230,
        \Record.observed231,
        \Record.observed232,
        \Record.observed233,
        \Record.observed234,
        \Record.observed235,
        \Record.observed236,
        \Record.observed237,
        \Record.observed238,
        \Record.observed239,
        \Record.observed240,
        \Record.observed241,
        \Record.observed242,
        \Record.observed243,
        \Record.observed244,
        \Record.observed245,
        \Record.observed246,
        \Record.observed247,
        \Record.observed248,
        \Record.observed249,
        \Record.observed250,
        \Record.observed251,
        \Record.observed252,
        \Record.observed253,
        \Record.observed254,
        \Record.observed255,
    ]

    nonisolated var observed0: Value? { nil }
    nonisolated var observed1: Value? { nil }
    nonisolated var observed2: Value? { nil }
    nonisolated var observed3: Value? { nil }
    nonisolated var observed4: Value? { nil }
    nonisolated var observed5: Value? { nil }
    nonisolated var observed6: Value? { nil }
    nonisolated var observed7: Value? { nil }
    nonisolated var observed8: Value? { nil }
    nonisolated var observed9: Value? { nil }
    nonisolated var observed10: Value? { nil }
    nonisolated var observed11: Value? { nil }
    nonisolated var observed12: Value? { nil }
    nonisolated var observed13: Value? { nil }
    nonisolated var observed14: Value? { nil }
    nonisolated var observed15: Value? { nil }
    nonisolated var observed16: Value? { nil }
    nonisolated var observed17: Value? { nil }
    nonisolated var observed18: Value? { nil }
    nonisolated var observed19: Value? { nil }
    nonisolated var observed20: Value? { nil }
    nonisolated var observed21: Value? { nil }
    nonisolated var observed22: Value? { nil }
    nonisolated var observed23: Value? { nil }
    nonisolated var observed24: Value? { nil }
    nonisolated var observed25: Value? { nil }
    nonisolated var observed26: Value? { nil }
    nonisolated var observed27: Value? { nil }
    nonisolated var observed28: Value? { nil }
    nonisolated var observed29: Value? { nil }
    nonisolated var observed30: Value? { nil }
    nonisolated var observed31: Value? { nil }
    nonisolated var observed32: Value? { nil }
    nonisolated var observed33: Value? { nil }
    nonisolated var observed34: Value? { nil }
    nonisolated var observed35: Value? { nil }
    nonisolated var observed36: Value? { nil }
    nonisolated var observed37: Value? { nil }
    nonisolated var observed38: Value? { nil }
    nonisolated var observed39: Value? { nil }
    nonisolated var observed40: Value? { nil }
    nonisolated var observed41: Value? { nil }
    nonisolated var observed42: Value? { nil }
    nonisolated var observed43: Value? { nil }
    nonisolated var observed44: Value? { nil }
    nonisolated var observed45: Value? { nil }
    nonisolated var observed46: Value? { nil }
    nonisolated var observed47: Value? { nil }
    nonisolated var observed48: Value? { nil }
    nonisolated var observed49: Value? { nil }
    nonisolated var observed50: Value? { nil }
    nonisolated var observed51: Value? { nil }
    nonisolated var observed52: Value? { nil }
    nonisolated var observed53: Value? { nil }
    nonisolated var observed54: Value? { nil }
    nonisolated var observed55: Value? { nil }
    nonisolated var observed56: Value? { nil }
    nonisolated var observed57: Value? { nil }
    nonisolated var observed58: Value? { nil }
    nonisolated var observed59: Value? { nil }
    nonisolated var observed60: Value? { nil }
    nonisolated var observed61: Value? { nil }
    nonisolated var observed62: Value? { nil }
    nonisolated var observed63: Value? { nil }
    nonisolated var observed64: Value? { nil }
    nonisolated var observed65: Value? { nil }
    nonisolated var observed66: Value? { nil }
    nonisolated var observed67: Value? { nil }
    nonisolated var observed68: Value? { nil }
    nonisolated var observed69: Value? { nil }
    nonisolated var observed70: Value? { nil }
    nonisolated var observed71: Value? { nil }
    nonisolated var observed72: Value? { nil }
    nonisolated var observed73: Value? { nil }
    nonisolated var observed74: Value? { nil }
    nonisolated var observed75: Value? { nil }
    nonisolated var observed76: Value? { nil }
    nonisolated var observed77: Value? { nil }
    nonisolated var observed78: Value? { nil }
    nonisolated var observed79: Value? { nil }
    nonisolated var observed80: Value? { nil }
    nonisolated var observed81: Value? { nil }
    nonisolated var observed82: Value? { nil }
    nonisolated var observed83: Value? { nil }
    nonisolated var observed84: Value? { nil }
    nonisolated var observed85: Value? { nil }
    nonisolated var observed86: Value? { nil }
    nonisolated var observed87: Value? { nil }
    nonisolated var observed88: Value? { nil }
    nonisolated var observed89: Value? { nil }
    nonisolated var observed90: Value? { nil }
    nonisolated var observed91: Value? { nil }
    nonisolated var observed92: Value? { nil }
    nonisolated var observed93: Value? { nil }
    nonisolated var observed94: Value? { nil }
    nonisolated var observed95: Value? { nil }
    nonisolated var observed96: Value? { nil }
    nonisolated var observed97: Value? { nil }
    nonisolated var observed98: Value? { nil }
    nonisolated var observed99: Value? { nil }
    nonisolated var observed100: Value? { nil }
    nonisolated var observed101: Value? { nil }
    nonisolated var observed102: Value? { nil }
    nonisolated var observed103: Value? { nil }
    nonisolated var observed104: Value? { nil }
    nonisolated var observed105: Value? { nil }
    nonisolated var observed106: Value? { nil }
    nonisolated var observed107: Value? { nil }
    nonisolated var observed108: Value? { nil }
    nonisolated var observed109: Value? { nil }
    nonisolated var observed110: Value? { nil }
    nonisolated var observed111: Value? { nil }
    nonisolated var observed112: Value? { nil }
    nonisolated var observed113: Value? { nil }
    nonisolated var observed114: Value? { nil }
    nonisolated var observed115: Value? { nil }
    nonisolated var observed116: Value? { nil }
    nonisolated var observed117: Value? { nil }
    nonisolated var observed118: Value? { nil }
    nonisolated var observed119: Value? { nil }
    nonisolated var observed120: Value? { nil }
    nonisolated var observed121: Value? { nil }
    nonisolated var observed122: Value? { nil }
    nonisolated var observed123: Value? { nil }
    nonisolated var observed124: Value? { nil }
    nonisolated var observed125: Value? { nil }
    nonisolated var observed126: Value? { nil }
    nonisolated var observed127: Value? { nil }
    nonisolated var observed128: Value? { nil }
    nonisolated var observed129: Value? { nil }
    nonisolated var observed130: Value? { nil }
    nonisolated var observed131: Value? { nil }
    nonisolated var observed132: Value? { nil }
    nonisolated var observed133: Value? { nil }
    nonisolated var observed134: Value? { nil }
    nonisolated var observed135: Value? { nil }
    nonisolated var observed136: Value? { nil }
    nonisolated var observed137: Value? { nil }
    nonisolated var observed138: Value? { nil }
    nonisolated var observed139: Value? { nil }
    nonisolated var observed140: Value? { nil }
    nonisolated var observed141: Value? { nil }
    nonisolated var observed142: Value? { nil }
    nonisolated var observed143: Value? { nil }
    nonisolated var observed144: Value? { nil }
    nonisolated var observed145: Value? { nil }
    nonisolated var observed146: Value? { nil }
    nonisolated var observed147: Value? { nil }
    nonisolated var observed148: Value? { nil }
    nonisolated var observed149: Value? { nil }
    nonisolated var observed150: Value? { nil }
    nonisolated var observed151: Value? { nil }
    nonisolated var observed152: Value? { nil }
    nonisolated var observed153: Value? { nil }
    nonisolated var observed154: Value? { nil }
    nonisolated var observed155: Value? { nil }
    nonisolated var observed156: Value? { nil }
    nonisolated var observed157: Value? { nil }
    nonisolated var observed158: Value? { nil }
    nonisolated var observed159: Value? { nil }
    nonisolated var observed160: Value? { nil }
    nonisolated var observed161: Value? { nil }
    nonisolated var observed162: Value? { nil }
    nonisolated var observed163: Value? { nil }
    nonisolated var observed164: Value? { nil }
    nonisolated var observed165: Value? { nil }
    nonisolated var observed166: Value? { nil }
    nonisolated var observed167: Value? { nil }
    nonisolated var observed168: Value? { nil }
    nonisolated var observed169: Value? { nil }
    nonisolated var observed170: Value? { nil }
    nonisolated var observed171: Value? { nil }
    nonisolated var observed172: Value? { nil }
    nonisolated var observed173: Value? { nil }
    nonisolated var observed174: Value? { nil }
    nonisolated var observed175: Value? { nil }
    nonisolated var observed176: Value? { nil }
    nonisolated var observed177: Value? { nil }
    nonisolated var observed178: Value? { nil }
    nonisolated var observed179: Value? { nil }
    nonisolated var observed180: Value? { nil }
    nonisolated var observed181: Value? { nil }
    nonisolated var observed182: Value? { nil }
    nonisolated var observed183: Value? { nil }
    nonisolated var observed184: Value? { nil }
    nonisolated var observed185: Value? { nil }
    nonisolated var observed186: Value? { nil }
    nonisolated var observed187: Value? { nil }
    nonisolated var observed188: Value? { nil }
    nonisolated var observed189: Value? { nil }
    nonisolated var observed190: Value? { nil }
    nonisolated var observed191: Value? { nil }
    nonisolated var observed192: Value? { nil }
    nonisolated var observed193: Value? { nil }
    nonisolated var observed194: Value? { nil }
    nonisolated var observed195: Value? { nil }
    nonisolated var observed196: Value? { nil }
    nonisolated var observed197: Value? { nil }
    nonisolated var observed198: Value? { nil }
    nonisolated var observed199: Value? { nil }
    nonisolated var observed200: Value? { nil }
    nonisolated var observed201: Value? { nil }
    nonisolated var observed202: Value? { nil }
    nonisolated var observed203: Value? { nil }
    nonisolated var observed204: Value? { nil }
    nonisolated var observed205: Value? { nil }
    nonisolated var observed206: Value? { nil }
    nonisolated var observed207: Value? { nil }
    nonisolated var observed208: Value? { nil }
    nonisolated var observed209: Value? { nil }
    nonisolated var observed210: Value? { nil }
    nonisolated var observed211: Value? { nil }
    nonisolated var observed212: Value? { nil }
    nonisolated var observed213: Value? { nil }
    nonisolated var observed214: Value? { nil }
    nonisolated var observed215: Value? { nil }
    nonisolated var observed216: Value? { nil }
    nonisolated var observed217: Value? { nil }
    nonisolated var observed218: Value? { nil }
    nonisolated var observed219: Value? { nil }
    nonisolated var observed220: Value? { nil }
    nonisolated var observed221: Value? { nil }
    nonisolated var observed222: Value? { nil }
    nonisolated var observed223: Value? { nil }
    nonisolated var observed224: Value? { nil }
    nonisolated var observed225: Value? { nil }
    nonisolated var observed226: Value? { nil }
    nonisolated var observed227: Value? { nil }
    nonisolated var observed228: Value? { nil }
    nonisolated var observed229: Value? { nil }
    nonisolated var observed230: Value? { nil }
    nonisolated var observed231: Value? { nil }
    nonisolated var observed232: Value? { nil }
    nonisolated var observed233: Value? { nil }
    nonisolated var observed234: Value? { nil }
    nonisolated var observed235: Value? { nil }
    nonisolated var observed236: Value? { nil }
    nonisolated var observed237: Value? { nil }
    nonisolated var observed238: Value? { nil }
    nonisolated var observed239: Value? { nil }
    nonisolated var observed240: Value? { nil }
    nonisolated var observed241: Value? { nil }
    nonisolated var observed242: Value? { nil }
    nonisolated var observed243: Value? { nil }
    nonisolated var observed244: Value? { nil }
    nonisolated var observed245: Value? { nil }
    nonisolated var observed246: Value? { nil }
    nonisolated var observed247: Value? { nil }
    nonisolated var observed248: Value? { nil }
    nonisolated var observed249: Value? { nil }
    nonisolated var observed250: Value? { nil }
    nonisolated var observed251: Value? { nil }
    nonisolated var observed252: Value? { nil }
    nonisolated var observed253: Value? { nil }
    nonisolated var observed254: Value? { nil }
    nonisolated var observed255: Value? { nil }
}
