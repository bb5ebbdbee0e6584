import Testing
@testable import QuiverFixturesGenerator

@Suite struct SwiftIdentifierTests {
    @Test(arguments: [
        ("GET-users-1.json", "getUsers1"),
        ("user.json", "user"),
        ("UserProfile.json", "userProfile"),
        ("URLList.txt", "urlList"),
        ("HTTP2-status.json", "http2Status"),
        ("my_file name.json", "myFileName"),
        ("404.json", "_404"),
        ("2fa-code.json", "_2faCode"),
        ("users/list.json", "usersList"),
        ("a.b.json", "aB"),
        ("café.json", "cafe"),
        ("GET-users-1", "getUsers1"),
        (".hidden", "hidden"),
        ("---.json", "file"),
        ("default.json", "default"),
        ("self.json", "selfFile"),
        ("init.json", "initFile"),
        ("all.json", "allFile"),
        ("sampleData.json", "sampleDataFile"),
    ])
    func fileNamesBecomeLowerCamelCaseIdentifiers(file: String, name: String) {
        #expect(SwiftIdentifier.name(forFile: file) == name)
    }

    @Test func keywordsAreWrittenInBackticks() {
        #expect(SwiftIdentifier.declared("default") == "`default`")
        #expect(SwiftIdentifier.declared("class") == "`class`")
        #expect(SwiftIdentifier.declared("getUsers1") == "getUsers1")
    }

    @Test func collidingNamesGetNumberedInFileOrder() {
        #expect(SwiftIdentifier.uniqueNames(forFiles: ["a b.json", "a-b.json", "a_b.txt", "c.json"]) == ["aB", "aB_2", "aB_3", "c"])
        #expect(SwiftIdentifier.uniqueNames(forFiles: ["GET-users-1.json", "get_users_1.json"]) == ["getUsers1", "getUsers1_2"])
    }
}
