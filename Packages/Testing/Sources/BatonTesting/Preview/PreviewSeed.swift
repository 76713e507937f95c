import BatonLens
import Foundation

/// The steps that fill a preview environment's store (`GraphQLEnvironment.preview(_:transport:seed:)`),
/// each committed at once, in order, through the same ingest a server's answer goes through:
/// a seed can hold nothing a response could not.
///
/// A response (recorded or given as bytes) counts as a fetch of its operation, so a
/// `.cacheFirst` handle reads it without asking the transport; a payload or data written by
/// hand does not (as a `StoreWrite` does not): a handle finding all its fields still reads
/// them, and one that misses some asks the transport.
///
/// Main actor: made and used inside the `seed` closure only.
@MainActor
public struct PreviewSeed {
    /// The environment being seeded.
    public let environment: GraphQLEnvironment

    /// Commits `body`, a whole response as a server sends it, as `operation`'s answer under
    /// `variables`.
    public mutating func response<Op: GraphQLOperation>(
        _ operation: Op.Type, variables: [String: JSONValue] = [:], body: Data
    ) throws(PreviewSeedError) {
        let plan = try plan(operation, variables: variables)
        do {
            let result = try Ingest().ingest(body, plan: plan)
            environment.store.commit(result.changes, fetched: plan.identity)
        } catch {
            throw .malformedResponse(error, operation: plan.name ?? "anonymous")
        }
    }

    /// Commits the response `recordings` holds for `operation` under `variables` (the file
    /// its `send` would answer with), as `response(_:variables:body:)` does.
    public mutating func recorded<Op: GraphQLOperation>(
        _ operation: Op.Type, variables: [String: JSONValue] = [:], from recordings: RecordedTransport
    ) throws(PreviewSeedError) {
        let plan = try plan(operation, variables: variables)
        let body: Data
        do {
            body = try recordings.response(for: plan.request)
        } catch {
            throw .notRecorded(error)
        }
        try response(operation, variables: variables, body: body)
    }

    /// Writes `payload`, a generated operation's typed payload, as `operation`'s data under
    /// `variables` (`StoreWrite.commit(_:variables:payload:)`).
    public mutating func payload<Op: PayloadOperation>(
        _ operation: Op.Type, variables: [String: JSONValue] = [:], _ payload: Op.Payload
    ) throws(PreviewSeedError) {
        try write(operation) { try $0.commit(operation, variables: variables, payload: payload) }
    }

    /// Writes `data`, an operation's `data` object by hand, as `operation`'s data under
    /// `variables` (`StoreWrite.commit(_:variables:data:)`).
    public mutating func data<Op: GraphQLOperation>(
        _ operation: Op.Type, variables: [String: JSONValue] = [:], _ data: JSONValue
    ) throws(PreviewSeedError) {
        try write(operation) { try $0.commit(operation, variables: variables, data: data) }
    }

    private func plan<Op: GraphQLOperation>(
        _ operation: Op.Type, variables: [String: JSONValue]
    ) throws(PreviewSeedError) -> OperationPlan {
        do {
            return try environment.plan(operation, variables: variables)
        } catch {
            throw .invalidOperation(error, operation: "\(operation)")
        }
    }

    private func write<Op: GraphQLOperation>(
        _ operation: Op.Type, _ body: (inout StoreWrite) throws -> Void
    ) throws(PreviewSeedError) {
        do {
            try environment.write { try body(&$0) }
        } catch {
            throw .rejectedWrite(error, operation: "\(operation)")
        }
    }
}
