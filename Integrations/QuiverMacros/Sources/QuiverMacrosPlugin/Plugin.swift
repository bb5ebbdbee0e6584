import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The macros of QuiverMacros.
@main
struct QuiverMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [EndpointsMacro.self, RouteMacro.self, EndpointMacro.self]
}
