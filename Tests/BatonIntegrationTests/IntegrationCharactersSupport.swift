import BatonLens

extension IntegrationCharactersQuery {
    static func variables(page: Int) -> [String: JSONValue] { ["page": .int(page)] }
}
