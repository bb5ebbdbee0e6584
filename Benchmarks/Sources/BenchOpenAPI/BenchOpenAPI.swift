// The client of `openapi.yaml`, written at build time by swift-openapi-generator's build plugin,
// for `QuiverLive --openapi`. SwiftPM needs one source file of the target's own to run the
// plugin; this is it.
