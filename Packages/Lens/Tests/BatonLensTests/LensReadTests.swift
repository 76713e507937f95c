import Foundation
import Testing
import BatonLens

@MainActor
struct LensReadTests {
    let environment = Spec.environment()

    func reads() throws -> ReadsQuery.Data {
        try load(ReadsQuery.self, response: Responses.reads, into: environment)
    }

    @Test func scalarsReadAsTheirDeclaredTypes() throws {
        let tokenizer = try #require(try reads().tokenizer)
        #expect(try tokenizer.id == "t")
        #expect(try tokenizer.text == "1250")
        #expect(try tokenizer.strings == ["a", nil, "c"])
        #expect(try tokenizer.count == 3)
        #expect(try tokenizer.counts == [1, 2])
        #expect(try tokenizer.flag == true)
        #expect(try tokenizer.flags == [true, false])
        #expect(try tokenizer.ratios == [0.5, 1.0])
        #expect(try tokenizer.jsons.count == 2)
    }

    @Test func anIntReadsAsADouble() throws {
        let tokenizer = try #require(try reads().tokenizer)
        #expect(try tokenizer.ratio == 2.0)
    }

    @Test func aDoubleDoesNotReadAsAnInt() throws {
        let tokenizer = try #require(try reads().tokenizer)
        let counts = Scalar<[Int]>("ratios")
        #expect(
            throws: LensError.typeMismatch(field: "ratios", record: tokenizer.key, expected: "Int", found: "Double")
        ) {
            try counts.read(from: tokenizer.ref)
        }
    }

    @Test func customScalarsConvertAtTheRead() throws {
        let tokenizer = try #require(try reads().tokenizer)
        #expect(try tokenizer.cents == Cents(scalar: .string("1250")))
        #expect(try tokenizer.json.members == ["a", "b"])
        #expect(try tokenizer.rawJSON == .scalar(["a": 1, "b": [2]]))
    }

    @Test func aCustomScalarThatDoesNotConvertThrows() throws {
        let character = try #require(try reads().character)
        let cents = Scalar<Cents>("name")
        #expect {
            try cents.read(from: character.ref)
        } throws: { error in
            guard case .conversion(let field, let record, let type, _) = error as? LensError else { return false }
            return field == "name" && record == "Character:1" && type == "Cents"
        }
    }

    @Test func anUndeclaredEnumValueKeepsItsText() throws {
        let character = try #require(try reads().character)
        #expect(try character.status == .unknown("Zombie"))
        #expect(try character.status.rawValue == "Zombie")
        #expect(LifeStatus(rawValue: "unknown") == .unknownStatus)
    }

    @Test func nullReadsAsNilThroughAnOptional() throws {
        let character = try #require(try reads().character)
        #expect(try character.image == nil)
    }

    @Test func nullThrowsThroughANonOptional() throws {
        let character = try #require(try reads().character)
        let image = Scalar<String>("image")
        #expect(throws: LensError.unexpectedNull(field: "image", record: "Character:1")) {
            try image.read(from: character.ref)
        }
    }

    @Test func aFieldTheStoreLacksThrowsMissingNotNil() throws {
        let character = try #require(try reads().character)
        let gender = Scalar<String?>("gender")
        #expect(throws: LensError.missing(field: "gender", record: "Character:1")) {
            try gender.read(from: character.ref)
        }
    }

    @Test func aConditionalFieldTheStoreLacksReadsNil() throws {
        let character = try #require(try reads().character)
        #expect(try Scalar<String?>("gender", conditional: true).read(from: character.ref) == nil)
        #expect(try Linked<LocationLens?>("location", conditional: true).read(from: character.ref) == nil)
        #expect(try Scalar<String?>("name", conditional: true).read(from: character.ref) == "Rick")
    }

    @Test func aFieldErrorThrowsWithItsMessage() throws {
        let origin = try #require(try reads().character?.origin)
        #expect(try origin.id == "1")
        #expect {
            try origin.name
        } throws: { error in
            guard case .fieldError(let fieldError, let field, let record) = error as? LensError else { return false }
            return fieldError.message == "origin name unavailable" && field == "name" && record == "Location:1"
        }
    }

    @Test func linksReadAsLensesAndListsKeepOrder() throws {
        let character = try #require(try reads().character)
        #expect(try character.name == "Rick")
        #expect(try character.episodes.map { try $0.name } == ["Pilot", "Lawnmower Dog"])
    }

    @Test func aLinkToADeletedRecordReadsMissing() throws {
        let character = try #require(try reads().character)
        environment.store.commit(ChangeSet(snapshots: [], deletions: ["Location:1"]))
        #expect(throws: LensError.missing(field: "origin", record: "Location:1")) {
            try character.origin
        }
    }

    @Test func aDeletedRecordIsDroppedFromAList() throws {
        let character = try #require(try reads().character)
        environment.store.commit(ChangeSet(snapshots: [], deletions: ["Episode:1"]))
        #expect(try character.episodes.map { try $0.id } == ["2"])
        #expect(try character.optionalEpisodes.map { try $0?.id } == ["2"])
    }

    @Test func aFieldWithArgumentsReadsItsStorageKeyThroughThePlan() throws {
        let data = try reads()
        #expect(data.ref.record[untracked: Slot("character(id:\"1\")")] == .link("Character:1"))
        #expect(try data.character?.key == "Character:1")
    }

    @Test func lensesOverTwoPlansReadAFieldWithArgumentsThroughTheirOwnPlanInTurn() throws {
        let rick = try load(
            CharacterByIDQuery.self, variables: ["id": "1"], response: Responses.rick, into: environment)
        let morty = try load(
            CharacterByIDQuery.self, variables: ["id": "2"], response: Responses.morty, into: environment)
        for _ in 0..<2 {
            #expect(try rick.character?.name == "Rick")
            #expect(try morty.character?.name == "Morty")
        }
    }

    @Test func descriptorsOfOneFieldShareItsAddressAndAnotherDeclarationHasItsOwn() {
        let name = Scalar<String>("name")
        #expect(Scalar<String?>("name").address === name.address)
        #expect(Caught<String>("name").address === name.address)
        #expect(Scalar<String>("name", alias: "title").address !== name.address)
        #expect(Scalar<String>("name", conditional: true).address !== name.address)
        #expect(Scalar<String>("name", arguments: true).address !== name.address)
        #expect(Spread<ReadsQuery.Data>().address === Narrow<ReadsQuery.Data>("Query").address)
    }

    @Test func aFieldWithArgumentsOnALensMadeWithoutAPlanThrowsNotSelected() throws {
        let root = RecordRef(record: environment.store.root, selection: nil, context: environment.lensContext)
        _ = try reads()
        #expect(throws: LensError.notSelected(field: "character", record: .root)) {
            try ReadsQuery.Data(ref: root).character
        }
    }
}
