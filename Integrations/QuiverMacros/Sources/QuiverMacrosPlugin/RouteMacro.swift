import SwiftSyntax
import SwiftSyntaxMacros

/// `@GET`, `@POST`…: adds nothing beside the case; checks the case against its annotation, so
/// that a mistake is reported where it is, whether or not the enum has `@Endpoints` yet.
public struct RouteMacro: PeerMacro {
    public static func expansion(of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
                                 in context: some MacroExpansionContext) throws -> [DeclSyntax] {
        guard let caseDecl = declaration.as(EnumCaseDeclSyntax.self) else {
            context.diagnose(.init(node: node, message: EndpointDiagnostic.notACase(node.attributeName.trimmedDescription)))
            return []
        }
        // A case with two annotations is checked once, by the first (the macro is handed a copy
        // of its attribute: compared by text).
        guard Route.routeAttributes(of: caseDecl).first?.trimmedDescription == node.trimmedDescription else { return [] }
        if case .failure(let list) = Route.parse(caseDecl) {
            for problem in list.problems where !problem.isReportedByEndpoints {
                context.diagnose(problem.diagnostic)
            }
        }
        return []
    }
}
