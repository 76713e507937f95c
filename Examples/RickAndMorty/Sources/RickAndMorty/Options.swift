import Foundation

/// The command line. A value.
struct Options: Sendable {
    var endpoint = URL(string: "http://127.0.0.1:4000/graphql")!
    /// The directory holding the image file.
    var imageDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("baton-rick-and-morty")
    var trace = false
    var interactive = false
    /// The character the scripted flow opens.
    var characterID = "1"
    /// The text the scripted flow writes into the character's first note.
    var noteText: String?

    static let usage = """
        usage: rick-and-morty [--endpoint URL] [--image DIR] [--trace] [--interactive]
                              [--character ID] [--note TEXT]

          --endpoint URL   the GraphQL server (default http://127.0.0.1:4000/graphql)
          --image DIR      where the image file is kept (default: <temp dir>/baton-rick-and-morty)
          --trace          print each view's render count as it renders, and a summary
          --interactive    read commands from stdin: n, p, open ID, note TEXT, q
          --character ID   the character the scripted flow opens (default 1)
          --note TEXT      the text the scripted flow writes into that character's first note
        """

    /// The image file under ``imageDirectory``.
    var imageFile: URL { imageDirectory.appendingPathComponent("rick-and-morty.image") }

    /// Parses `arguments` (without the program name); nil after printing the usage.
    static func parse(_ arguments: [String]) -> Options? {
        var options = Options()
        var rest = arguments[...]
        func value(_ flag: String) -> String? {
            guard let value = rest.popFirst() else {
                print("rick-and-morty: \(flag) needs a value\n\n\(usage)")
                return nil
            }
            return value
        }
        while let flag = rest.popFirst() {
            switch flag {
            case "--endpoint":
                guard let text = value(flag), let url = URL(string: text) else { return nil }
                options.endpoint = url
            case "--image":
                guard let path = value(flag) else { return nil }
                options.imageDirectory = URL(fileURLWithPath: path, isDirectory: true)
            case "--character":
                guard let id = value(flag) else { return nil }
                options.characterID = id
            case "--note":
                guard let text = value(flag) else { return nil }
                options.noteText = text
            case "--trace": options.trace = true
            case "--interactive": options.interactive = true
            default:
                print(flag == "--help" || flag == "-h" ? usage : "rick-and-morty: unknown argument \(flag)\n\n\(usage)")
                return nil
            }
        }
        return options
    }
}
