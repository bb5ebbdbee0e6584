import Foundation
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Endpoint(method, path, …)`: a struct's `TargetType` conformance (and `DecodableMapping`,
/// with `returns:`), its stored properties as the values.
public struct EndpointMacro: ExtensionMacro {
    public static func expansion(of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
                                 providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
                                 in context: some MacroExpansionContext) throws -> [ExtensionDeclSyntax] {
        guard let structDecl = declaration.as(StructDeclSyntax.self) else {
            context.diagnose(.init(node: node, message: EndpointDiagnostic.notAStruct))
            return []
        }
        let arguments = node.arguments?.as(LabeledExprListSyntax.self) ?? []
        guard let methodArgument = arguments.first(where: { $0.label == nil }),
              let member = methodArgument.expression.as(MemberAccessExprSyntax.self) else {
            context.diagnose(.init(node: arguments.first.map(Syntax.init) ?? Syntax(node), message: EndpointDiagnostic.methodNotAMember))
            return []
        }
        let method = member.declName.baseName.text.uppercased()
        let post = member.with(\.declName, DeclReferenceExprSyntax(baseName: .identifier("post")))
        var problems: [Diagnostic] = []
        let annotation = Annotation.parse(arguments, method: method, usingPOST: (Syntax(member), Syntax(post), "Use .post"),
                                          problems: &problems)
        let name = structDecl.name.text
        let route = Route(owner: .structure(name), method: method, annotation: annotation, labels: storedProperties(of: structDecl),
                          problems: &problems)
        let hasBaseURL = arguments.contains { $0.label?.text == "baseURL" }
        let baseURL = hasBaseURL ? EndpointsMacro.baseURL(of: node, in: context) : nil
        problems.forEach(context.diagnose)
        guard problems.isEmpty, let route, !hasBaseURL || baseURL != nil else { return [] }

        let access = accessModifier(of: structDecl.modifiers)
        let returns = arguments.first { $0.label?.text == "returns" }?.expression.as(MemberAccessExprSyntax.self)
        let model = returns.flatMap { $0.declName.baseName.text == "self" ? $0.base?.trimmedDescription : nil }
        var conformances: [String] = []
        if protocols.contains(where: { $0.trimmedDescription == "TargetType" }) { conformances.append("TargetType") }
        if model != nil, protocols.contains(where: { $0.trimmedDescription == "DecodableMapping" }) { conformances.append("DecodableMapping") }
        var members: [String] = []
        if let model {
            members.append("\(access)typealias Success = \(model)")
        }
        if let baseURL {
            members.append(EndpointsMacro.property("baseURL", type: "URL", access: access,
                                                   value: "URL(string: \(baseURL)) ?? URL(fileURLWithPath: \"/\")"))
        }
        members.append(EndpointsMacro.property("path", type: "String", access: access, value: "\"\(route.path.interpolation)\""))
        members.append(EndpointsMacro.property("method", type: "HTTPMethod", access: access, value: ".\(member.declName.baseName.text)"))
        members.append(EndpointsMacro.property("task", type: "HTTPTask", access: access, value: EndpointsMacro.task(route)))
        if !route.headers.isEmpty || !route.headerValues.isEmpty {
            members.append(EndpointsMacro.property("headers", type: "[String: String]?", access: access, value: EndpointsMacro.headers(route)))
        }
        if let validation = route.validation {
            members.append(EndpointsMacro.property("validationType", type: "ValidationType", access: access, value: validation))
        }
        if let sample = route.sample {
            members.append(EndpointsMacro.property("sampleData", type: "Data", access: access, value: sample))
        }
        let clause = conformances.isEmpty ? "" : ": " + conformances.joined(separator: ", ")
        let source: DeclSyntax = """
            extension \(type.trimmed)\(raw: clause) {
            \(raw: members.joined(separator: "\n\n").indented)
            }
            """
        return [source.cast(ExtensionDeclSyntax.self)]
    }

    /// The names of a struct's stored instance properties, in order: the endpoint's values.
    private static func storedProperties(of structDecl: StructDeclSyntax) -> [String] {
        structDecl.memberBlock.members.compactMap { $0.decl.as(VariableDeclSyntax.self) }
            .filter { variable in !variable.modifiers.contains { $0.name.text == "static" || $0.name.text == "class" } }
            .flatMap { variable in
                variable.bindings.compactMap { binding -> String? in
                    if let accessors = binding.accessorBlock?.accessors, !Self.isObserved(accessors) { return nil }
                    // A property named `default` is declared in backticks; its name is without them.
                    return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
                        .trimmingCharacters(in: CharacterSet(charactersIn: "`"))
                }
            }
    }

    /// Whether accessors are only `willSet`/`didSet` observers (a stored property still).
    private static func isObserved(_ accessors: AccessorBlockSyntax.Accessors) -> Bool {
        guard case .accessors(let list) = accessors else { return false }
        return list.allSatisfy { ["willSet", "didSet"].contains($0.accessorSpecifier.text) }
    }
}

/// `public ` or `package ` for a type declared so, so that its conformance's members are as
/// visible as the type; nothing otherwise.
func accessModifier(of modifiers: DeclModifierListSyntax) -> String {
    if modifiers.contains(where: { $0.name.text == "package" }) { return "package " }
    if modifiers.contains(where: { ["public", "open"].contains($0.name.text) }) { return "public " }
    return ""
}
