// The client and types of `openapi.yaml`, written at build time by swift-openapi-generator's
// build plugin (`openapi-generator-config.yaml` says what it writes). SwiftPM needs one source
// file of the target's own to run the plugin; this is it.
