import BatonNormalize
import BatonRecords
import BatonTestSupport
import Foundation
import Testing

@Test func everyKindRoundTripsThroughText() throws {
    let values: [JSONValue] = [
        nil, true, false, 0, -1, .int(Int.max), .int(Int.min), 1.5, -2.25e-10, 6.02214076e23, "", "plain",
        "tab\tquote\"nl\n😀é\u{1}",
        [], [:], [1, "a", nil, [true, [:]]],
        ["a": ["b": ["c": [1, 2, ["d": "e"]]]], "empty": [], "n": nil, "x": 0.1],
    ]
    for value in values {
        let text = value.jsonText()
        #expect(try JSONValue.parse(text) == value, "\(text)")
    }
}

@Test func parseKeepsMemberOrderAndRepeatedKeys() throws {
    let value = try JSONValue.parse(#"{"b":1,"a":2,"b":3}"#)
    guard case .object(let members) = value else {
        Issue.record("expected an object")
        return
    }
    #expect(members.map(\.0) == ["b", "a", "b"])
    #expect(members.map(\.1) == [1, 2, 3])
}

@Test func parseAcceptsScalarsAtTopLevelAndWhitespaceEverywhere() throws {
    #expect(try JSONValue.parse(" \t\r\n 42 \n") == 42)
    #expect(try JSONValue.parse("\"s\"") == "s")
    #expect(try JSONValue.parse("null") == nil)
    #expect(try JSONValue.parse(" [ 1 , { \"a\" : [ ] } ] ") == [1, ["a": []]])
}

@Test func parseTakesDataAndSlices() throws {
    let data = Data(#"{"a":[1,2]}"#.utf8)
    #expect(try JSONValue.parse(data) == ["a": [1, 2]])
    let bytes = Array("xx[true]yy".utf8)
    #expect(try JSONValue.parse(bytes[2..<8]) == [true])
}

/// A `JSONSerialization` result as a `JSONValue`.
private func jsonValue(fromFoundation object: Any) -> JSONValue? {
    switch object {
    case is NSNull: return .null
    case let string as String: return .string(string)
    case let array as [Any]:
        var elements: [JSONValue] = []
        for element in array {
            guard let value = jsonValue(fromFoundation: element) else { return nil }
            elements.append(value)
        }
        return .array(elements)
    case let dictionary as [String: Any]:
        var members: [(String, JSONValue)] = []
        for (key, element) in dictionary {
            guard let value = jsonValue(fromFoundation: element) else { return nil }
            members.append((key, value))
        }
        return .object(members)
    case let number as NSNumber:
        let type = String(cString: number.objCType)
        if type == "c" || type == "B" { return .bool(number.boolValue) }
        if type == "d" || type == "f" { return .double(number.doubleValue) }
        return .int(number.intValue)
    default: return nil
    }
}

@Test func rickAndMortyFixtureParsesToWhatJSONSerializationGives() throws {
    let data = try TestData.data("Conformance/baton-spec/rickandmorty/characters-page-1.json")
    #expect(data.count == 686_254)
    let ours = try JSONValue.parse(data)
    let theirs = try #require(jsonValue(fromFoundation: try JSONSerialization.jsonObject(with: data)))
    #expect(ours == theirs)
    guard case .array(let results)? = ours[member: "data"]?[member: "characters"]?[member: "results"] else {
        Issue.record("no results array")
        return
    }
    #expect(results.count == 20)
    #expect(results[0][member: "name"] == "Rick Sanchez")
}

@Test func pullScanOfTheFixtureMatchesParse() throws {
    let data = try TestData.data("Conformance/baton-spec/rickandmorty/characters-page-1.json")
    var reader = JSONReader(data)
    var strings = 0
    var numbers = 0
    var keys = 0
    // A pull walk with an explicit stack of "in object" flags.
    var inObject: [Bool] = []
    func advance(_ reader: inout JSONReader) throws -> Bool {
        while let last = inObject.last {
            if last {
                if try reader.nextKey() != nil {
                    keys += 1
                    return true
                }
            } else if try reader.nextElement() {
                return true
            }
            inObject.removeLast()
        }
        return false
    }
    repeat {
        switch try reader.peekKind() {
        case .object:
            try reader.beginObject()
            inObject.append(true)
        case .array:
            try reader.beginArray()
            inObject.append(false)
        case .string:
            _ = try reader.readString()
            strings += 1
        case .number:
            _ = try reader.readNumber()
            numbers += 1
        case .bool: _ = try reader.readBool()
        case .null: try reader.readNull()
        }
    } while try advance(&reader)
    try reader.finish()
    #expect(keys == 20_573)
    #expect(strings == 20_219)
    #expect(numbers > 0)
}
