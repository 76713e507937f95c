import BatonNormalize
import BatonRecords
import Testing

/// A document using every construct of the executable grammar, after graphql-js's kitchen sink.
enum KitchenSink {
    static let text =
        "\u{FEFF}" + #"""
            # Every construct of an executable document.
            query queryName($foo: ComplexType, $site: Site = MOBILE @onVariableDefinition,
                            $list: [[Int!]]! = [[1, 2], [3]], $flag: Boolean!) @onQuery {
              whoever123is: node(id: [123, 456]) {
                id ,
                ... on User @onInlineFragment {
                  field2 {
                    id ,
                    alias: field1(first:10, after:$foo,) @include(if: $flag) {
                      id,
                      ...frag @onFragmentSpread
                    }
                  }
                }
                ... @skip(if: $flag) {
                  id
                }
                ... {
                  id
                }
              }
            }

            mutation likeStory @onMutation {
              like(story: 123) @onField {
                story {
                  id @onField
                }
              }
            }

            subscription StoryLikeSubscription(
              $input: StoryLikeSubscribeInput @onVariableDefinition
            )
              @onSubscription {
              storyLikeSubscribe(input: $input) {
                story {
                  likers {
                    count
                  }
                }
              }
            }

            fragment frag on Friend @onFragmentDefinition {
              foo(
                size: $size
                bar: $b
                obj: {
                  key: "value"
                  block: """

                    block string uses \"""
                      indented
                  """
                  numbers: [0, -0, 12, -1.5e-3, 6.02E23, 1e1]
                  nested: {list: [{deep: [[null]]}], empty: [], emptyObject: {}}
                }
                text: "tab\there \u00e9 \uD83D\uDE00 \u{1F600} \"q\" \\ \/"
              )
            }

            query teeny { unnamed(truthy: true, falsy: false, nullish: null, choice: RED), query }

            { __typename }
            """#
}

@Suite struct DocumentKitchenSinkTests {
    let document: Document

    init() throws {
        document = try Document.parse(KitchenSink.text)
    }

    @Test func definitionsComeInSourceOrder() {
        #expect(document.definitions.count == 6)
        #expect(document.operations.map(\.name) == ["queryName", "likeStory", "StoryLikeSubscription", "teeny", nil])
        #expect(document.operations.map(\.kind) == [.query, .mutation, .subscription, .query, .query])
        #expect(Array(document.fragments.keys) == ["frag"])
        #expect(document.operation(named: "likeStory")?.kind == .mutation)
        #expect(document.operation(named: nil) == nil)
        #expect(document.operation(named: "missing") == nil)
    }

    @Test func variablesHaveTypesDefaultsAndDirectives() throws {
        let query = try #require(document.operation(named: "queryName"))
        #expect(query.location == SourceLocation(line: 2, column: 1))
        #expect(query.directives.map(\.name) == ["onQuery"])
        let variables = query.variableDefinitions
        #expect(variables.map(\.name) == ["foo", "site", "list", "flag"])
        #expect(variables[0].type == .named("ComplexType"))
        #expect(variables[0].defaultValue == nil)
        #expect(variables[1].defaultValue == .enumValue("MOBILE"))
        #expect(variables[1].directives.map(\.name) == ["onVariableDefinition"])
        #expect(variables[2].type == .nonNull(.list(.list(.nonNull(.named("Int"))))))
        #expect(variables[2].type.namedType == "Int")
        #expect(variables[2].type.description == "[[Int!]]!")
        #expect(variables[2].defaultValue == .list([.list([.int("1"), .int("2")]), .list([.int("3")])]))
        #expect(variables[2].location == SourceLocation(line: 3, column: 17))
        #expect(variables[3].type == .nonNull(.named("Boolean")))
    }

    @Test func fieldsFragmentsAndDirectivesNestAsWritten() throws {
        let query = try #require(document.operation(named: "queryName"))
        #expect(query.selectionSet.count == 1)
        guard case .field(let node) = query.selectionSet[0] else { Issue.record("not a field"); return }
        #expect(node.alias == "whoever123is")
        #expect(node.name == "node")
        #expect(node.responseKey == "whoever123is")
        #expect(node.arguments == [Argument(name: "id", value: .list([.int("123"), .int("456")]))])
        #expect(node.location == SourceLocation(line: 4, column: 3))
        let children = try #require(node.selectionSet)
        #expect(children.count == 4)
        guard case .field(let id) = children[0], case .inlineFragment(let onUser) = children[1],
            case .inlineFragment(let skipped) = children[2], case .inlineFragment(let bare) = children[3]
        else { Issue.record("unexpected selections \(children)"); return }
        #expect(id.name == "id" && id.alias == nil && id.selectionSet == nil && id.responseKey == "id")
        #expect(onUser.typeCondition == "User")
        #expect(onUser.directives.map(\.name) == ["onInlineFragment"])
        #expect(onUser.location == SourceLocation(line: 6, column: 5))
        #expect(skipped.typeCondition == nil)
        #expect(
            skipped.directives == [
                Directive(
                    name: "skip", arguments: [Argument(name: "if", value: .variable("flag"))],
                    location: SourceLocation(line: 15, column: 9))
            ])
        #expect(bare.typeCondition == nil && bare.directives.isEmpty)

        guard case .field(let field2) = onUser.selectionSet[0],
            case .field(let alias) = field2.selectionSet?[1]
        else { Issue.record("field2 missing"); return }
        #expect(alias.alias == "alias" && alias.name == "field1")
        #expect(alias.arguments.map(\.name) == ["first", "after"])
        #expect(alias.argument("first") == .int("10"))
        #expect(alias.argument("after") == .variable("foo"))
        #expect(alias.directives.first?.argument("if") == .variable("flag"))
        guard case .fragmentSpread(let spread) = alias.selectionSet?[1] else { Issue.record("spread missing"); return }
        #expect(spread.name == "frag")
        #expect(spread.directives.map(\.name) == ["onFragmentSpread"])
        #expect(spread.location == SourceLocation(line: 11, column: 11))
    }

    @Test func mutationAndSubscriptionCarryTheirDirectives() throws {
        let mutation = try #require(document.operation(named: "likeStory"))
        #expect(mutation.variableDefinitions.isEmpty)
        #expect(mutation.directives.map(\.name) == ["onMutation"])
        guard case .field(let like) = mutation.selectionSet[0] else { Issue.record("like missing"); return }
        #expect(like.argument("story") == .int("123"))
        #expect(like.directives.map(\.name) == ["onField"])
        let subscription = try #require(document.operation(named: "StoryLikeSubscription"))
        #expect(subscription.variableDefinitions.map(\.type) == [.named("StoryLikeSubscribeInput")])
        #expect(subscription.directives.map(\.name) == ["onSubscription"])
        #expect(subscription.location == SourceLocation(line: 32, column: 1))
    }

    @Test func everyLiteralKindParses() throws {
        let fragment = try #require(document.fragments["frag"])
        #expect(fragment.typeCondition == "Friend")
        #expect(fragment.directives.map(\.name) == ["onFragmentDefinition"])
        #expect(fragment.location == SourceLocation(line: 45, column: 1))
        guard case .field(let foo) = fragment.selectionSet[0] else { Issue.record("foo missing"); return }
        #expect(foo.argument("size") == .variable("size"))
        #expect(foo.argument("bar") == .variable("b"))
        #expect(
            foo.argument("obj")
                == .object([
                    ("key", .string("value")),
                    ("block", .string("block string uses \"\"\"\n  indented")),
                    (
                        "numbers",
                        .list([.int("0"), .int("-0"), .int("12"), .float("-1.5e-3"), .float("6.02E23"), .float("1e1")])
                    ),
                    (
                        "nested",
                        .object([
                            ("list", .list([.object([("deep", .list([.list([.null])]))])])),
                            ("empty", .list([])),
                            ("emptyObject", .object([])),
                        ])
                    ),
                ]))
        #expect(foo.argument("text") == .string("tab\there é 😀 😀 \"q\" \\ /"))
        let teeny = try #require(document.operation(named: "teeny"))
        guard case .field(let unnamed) = teeny.selectionSet[0], case .field(let query) = teeny.selectionSet[1] else {
            Issue.record("teeny's fields missing")
            return
        }
        #expect(unnamed.arguments.map(\.value) == [.boolean(true), .boolean(false), .null, .enumValue("RED")])
        #expect(query.name == "query")
        let shorthand = document.operations[4]
        #expect(shorthand.name == nil && shorthand.kind == .query && shorthand.variableDefinitions.isEmpty)
        #expect(shorthand.location == SourceLocation(line: 65, column: 1))
    }

    @Test func valuesResolveAgainstVariables() throws {
        let fragment = try #require(document.fragments["frag"])
        guard case .field(let foo) = fragment.selectionSet[0] else { Issue.record("foo missing"); return }
        #expect(foo.argument("size")?.resolved(["size": .int(3)]) == .int(3))
        #expect(foo.argument("size")?.resolved([:]) == nil)
        #expect(foo.argument("size")?.resolved(["size": .null]) == .null)
        let object = InputValue.object([
            ("a", .variable("missing")), ("b", .list([.variable("missing"), .variable("x")])),
            ("c", .enumValue("RED")), ("d", .int("99999999999999999999")), ("e", .float("1.5")),
            ("f", .int("-7")), ("g", .boolean(false)), ("h", .null), ("i", .string("s")),
        ])
        #expect(
            object.resolved(["x": .string("X")])
                == .object([
                    ("b", .array([.null, .string("X")])), ("c", .string("RED")), ("d", .double(1e20)),
                    ("e", .double(1.5)), ("f", .int(-7)), ("g", .bool(false)), ("h", .null), ("i", .string("s")),
                ]))
        #expect(object.variableNames == ["missing", "missing", "x"])
        #expect(!object.isConstant)
    }

    @Test func kitchenSinkPrintsAndReparsesToTheSameText() throws {
        let compact = document.compactText
        #expect(
            compact.hasPrefix(
                "query queryName($foo:ComplexType,$site:Site=MOBILE@onVariableDefinition,$list:[[Int!]]!=[[1,2],[3]],$flag:Boolean!)@onQuery{whoever123is:node(id:[123,456]){id,...on User@onInlineFragment{"
            ))
        #expect(
            compact.hasSuffix("query teeny{unnamed(truthy:true,falsy:false,nullish:null,choice:RED),query}{__typename}")
        )
        #expect(try Document.parse(compact).compactText == compact)
        #expect(try Document.parse(document.prettyText).compactText == compact)
    }
}
