import Foundation

// rick-and-morty: see Options.usage and the README's "Example" section.
guard let options = Options.parse(Array(CommandLine.arguments.dropFirst())) else { exit(64) }
let app = ExampleApp(options: options)
let status = options.interactive ? await app.runInteractive() : await app.runScripted()
app.shutDown()
exit(status)
