// Written by Tools/ObservationNames/generate.sh 256: edit the script, not this file.

extension Record {
    /// How many slots have a name of their own (`observationName(_:)`).
    nonisolated static let observationNameCount = 256

    /// The key path Observation knows slot `number` by, for the first
    /// `observationNameCount` slots: `\Record.observed0`, `\Record.observed1`, …; nil past
    /// them, whose slots are named `\Record.[observed: slot]`.
    ///
    /// Observation hashes and compares a read's key path several times a tracked read. A key
    /// path to a member without arguments is hashed and compared by the member alone; one
    /// through a subscript also hashes and compares its argument, through its `Hashable`
    /// witnesses: about 500 more instructions a tracked read (`profile tracked-read`), which
    /// put `tracked_over_observable_ratio` at 1.03–1.05 against `@Observable`'s stored
    /// properties. These members are never read, as the subscript is not (Observation
    /// compares key paths, it does not follow them). Each key path is made when its slot is
    /// first interned, not before: a table of them all made at once cost a launch about 4.7M
    /// instructions. Safe on any thread.
    nonisolated static func observationName(_ number: Int) -> (KeyPath<Record, Value?> & Sendable)? {
        switch number {
        case 0: \Record.observed0
        case 1: \Record.observed1
        case 2: \Record.observed2
        case 3: \Record.observed3
        case 4: \Record.observed4
        case 5: \Record.observed5
        case 6: \Record.observed6
        case 7: \Record.observed7
        case 8: \Record.observed8
        case 9: \Record.observed9
        case 10: \Record.observed10
        case 11: \Record.observed11
        case 12: \Record.observed12
        case 13: \Record.observed13
        case 14: \Record.observed14
        case 15: \Record.observed15
        case 16: \Record.observed16
        case 17: \Record.observed17
        case 18: \Record.observed18
        case 19: \Record.observed19
        case 20: \Record.observed20
        case 21: \Record.observed21
        case 22: \Record.observed22
        case 23: \Record.observed23
        case 24: \Record.observed24
        case 25: \Record.observed25
        case 26: \Record.observed26
        case 27: \Record.observed27
        case 28: \Record.observed28
        case 29: \Record.observed29
        case 30: \Record.observed30
        case 31: \Record.observed31
        case 32: \Record.observed32
        case 33: \Record.observed33
        case 34: \Record.observed34
        case 35: \Record.observed35
        case 36: \Record.observed36
        case 37: \Record.observed37
        case 38: \Record.observed38
        case 39: \Record.observed39
        case 40: \Record.observed40
        case 41: \Record.observed41
        case 42: \Record.observed42
        case 43: \Record.observed43
        case 44: \Record.observed44
        case 45: \Record.observed45
        case 46: \Record.observed46
        case 47: \Record.observed47
        case 48: \Record.observed48
        case 49: \Record.observed49
        case 50: \Record.observed50
        case 51: \Record.observed51
        case 52: \Record.observed52
        case 53: \Record.observed53
        case 54: \Record.observed54
        case 55: \Record.observed55
        case 56: \Record.observed56
        case 57: \Record.observed57
        case 58: \Record.observed58
        case 59: \Record.observed59
        case 60: \Record.observed60
        case 61: \Record.observed61
        case 62: \Record.observed62
        case 63: \Record.observed63
        case 64: \Record.observed64
        case 65: \Record.observed65
        case 66: \Record.observed66
        case 67: \Record.observed67
        case 68: \Record.observed68
        case 69: \Record.observed69
        case 70: \Record.observed70
        case 71: \Record.observed71
        case 72: \Record.observed72
        case 73: \Record.observed73
        case 74: \Record.observed74
        case 75: \Record.observed75
        case 76: \Record.observed76
        case 77: \Record.observed77
        case 78: \Record.observed78
        case 79: \Record.observed79
        case 80: \Record.observed80
        case 81: \Record.observed81
        case 82: \Record.observed82
        case 83: \Record.observed83
        case 84: \Record.observed84
        case 85: \Record.observed85
        case 86: \Record.observed86
        case 87: \Record.observed87
        case 88: \Record.observed88
        case 89: \Record.observed89
        case 90: \Record.observed90
        case 91: \Record.observed91
        case 92: \Record.observed92
        case 93: \Record.observed93
        case 94: \Record.observed94
        case 95: \Record.observed95
        case 96: \Record.observed96
        case 97: \Record.observed97
        case 98: \Record.observed98
        case 99: \Record.observed99
        case 100: \Record.observed100
        case 101: \Record.observed101
        case 102: \Record.observed102
        case 103: \Record.observed103
        case 104: \Record.observed104
        case 105: \Record.observed105
        case 106: \Record.observed106
        case 107: \Record.observed107
        case 108: \Record.observed108
        case 109: \Record.observed109
        case 110: \Record.observed110
        case 111: \Record.observed111
        case 112: \Record.observed112
        case 113: \Record.observed113
        case 114: \Record.observed114
        case 115: \Record.observed115
        case 116: \Record.observed116
        case 117: \Record.observed117
        case 118: \Record.observed118
        case 119: \Record.observed119
        case 120: \Record.observed120
        case 121: \Record.observed121
        case 122: \Record.observed122
        case 123: \Record.observed123
        case 124: \Record.observed124
        case 125: \Record.observed125
        case 126: \Record.observed126
        case 127: \Record.observed127
        case 128: \Record.observed128
        case 129: \Record.observed129
        case 130: \Record.observed130
        case 131: \Record.observed131
        case 132: \Record.observed132
        case 133: \Record.observed133
        case 134: \Record.observed134
        case 135: \Record.observed135
        case 136: \Record.observed136
        case 137: \Record.observed137
        case 138: \Record.observed138
        case 139: \Record.observed139
        case 140: \Record.observed140
        case 141: \Record.observed141
        case 142: \Record.observed142
        case 143: \Record.observed143
        case 144: \Record.observed144
        case 145: \Record.observed145
        case 146: \Record.observed146
        case 147: \Record.observed147
        case 148: \Record.observed148
        case 149: \Record.observed149
        case 150: \Record.observed150
        case 151: \Record.observed151
        case 152: \Record.observed152
        case 153: \Record.observed153
        case 154: \Record.observed154
        case 155: \Record.observed155
        case 156: \Record.observed156
        case 157: \Record.observed157
        case 158: \Record.observed158
        case 159: \Record.observed159
        case 160: \Record.observed160
        case 161: \Record.observed161
        case 162: \Record.observed162
        case 163: \Record.observed163
        case 164: \Record.observed164
        case 165: \Record.observed165
        case 166: \Record.observed166
        case 167: \Record.observed167
        case 168: \Record.observed168
        case 169: \Record.observed169
        case 170: \Record.observed170
        case 171: \Record.observed171
        case 172: \Record.observed172
        case 173: \Record.observed173
        case 174: \Record.observed174
        case 175: \Record.observed175
        case 176: \Record.observed176
        case 177: \Record.observed177
        case 178: \Record.observed178
        case 179: \Record.observed179
        case 180: \Record.observed180
        case 181: \Record.observed181
        case 182: \Record.observed182
        case 183: \Record.observed183
        case 184: \Record.observed184
        case 185: \Record.observed185
        case 186: \Record.observed186
        case 187: \Record.observed187
        case 188: \Record.observed188
        case 189: \Record.observed189
        case 190: \Record.observed190
        case 191: \Record.observed191
        case 192: \Record.observed192
        case 193: \Record.observed193
        case 194: \Record.observed194
        case 195: \Record.observed195
        case 196: \Record.observed196
        case 197: \Record.observed197
        case 198: \Record.observed198
        case 199: \Record.observed199
        case 200: \Record.observed200
        case 201: \Record.observed201
        case 202: \Record.observed202
        case 203: \Record.observed203
        case 204: \Record.observed204
        case 205: \Record.observed205
        case 206: \Record.observed206
        case 207: \Record.observed207
        case 208: \Record.observed208
        case 209: \Record.observed209
        case 210: \Record.observed210
        case 211: \Record.observed211
        case 212: \Record.observed212
        case 213: \Record.observed213
        case 214: \Record.observed214
        case 215: \Record.observed215
        case 216: \Record.observed216
        case 217: \Record.observed217
        case 218: \Record.observed218
        case 219: \Record.observed219
        case 220: \Record.observed220
        case 221: \Record.observed221
        case 222: \Record.observed222
        case 223: \Record.observed223
        case 224: \Record.observed224
        case 225: \Record.observed225
        case 226: \Record.observed226
        case 227: \Record.observed227
        case 228: \Record.observed228
        case 229: \Record.observed229
        case 230: \Record.observed230
        case 231: \Record.observed231
        case 232: \Record.observed232
        case 233: \Record.observed233
        case 234: \Record.observed234
        case 235: \Record.observed235
        case 236: \Record.observed236
        case 237: \Record.observed237
        case 238: \Record.observed238
        case 239: \Record.observed239
        case 240: \Record.observed240
        case 241: \Record.observed241
        case 242: \Record.observed242
        case 243: \Record.observed243
        case 244: \Record.observed244
        case 245: \Record.observed245
        case 246: \Record.observed246
        case 247: \Record.observed247
        case 248: \Record.observed248
        case 249: \Record.observed249
        case 250: \Record.observed250
        case 251: \Record.observed251
        case 252: \Record.observed252
        case 253: \Record.observed253
        case 254: \Record.observed254
        case 255: \Record.observed255
        default: nil
        }
    }

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
