import Foundation
import Testing
import WoteCLI
import WoteKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The parser for `wote api`, `wote feed`, `wote post ...`, `wote vote` and `--verbose`, in process:
/// the values each command reads, and a usage error naming the argument for everything wrong.
@Suite struct PostCommandParsingTests {
    private func command<Command: WoteCommand>(_ arguments: [String], as type: Command.Type) throws -> Command {
        guard case .run(let command) = try CommandLineParser.parse(arguments, environment: [:]).command else {
            throw CommandFailure.usage("not a command")
        }
        return try #require(command as? Command)
    }

    private func usageMessage(_ arguments: [String]) -> String? {
        do {
            _ = try CommandLineParser.parse(arguments, environment: [:])
            return nil
        } catch {
            return error.kind == .usage ? error.message : "not a usage error: \(error.kind)"
        }
    }

    @Test func api_readsMethodPathFieldsInOrderAndInput() throws {
        let api = try command(
            ["api", "-X", "put", "/api/posts/1", "-f", "title=12", "-F", "price=12", "-F", "ok=true", "-f", "x=a=b"],
            as: APICommand.self)
        #expect(api.method == "PUT" && api.target == "/api/posts/1" && api.input == nil)
        #expect(api.fields.map(\.name) == ["title", "price", "ok", "x"])
        #expect(api.fields.map(\.value) == [.string("12"), .number(12), .bool(true), .string("a=b")])
        let input = try command(["api", "/api/posts", "--input", "-"], as: APICommand.self)
        #expect(input.method == nil && input.input == "-" && input.fields.isEmpty)
    }

    @Test func api_typedFields_areTrueFalseNullNumbersElseStrings() {
        #expect(APICommand.typed("false") == .bool(false))
        #expect(APICommand.typed("null") == .null)
        #expect(APICommand.typed("-3") == .number(-3))
        #expect(APICommand.typed("1.5e3") == .literal("1.5e3"))
        #expect(APICommand.typed("012") == .string("012"))
        #expect(APICommand.typed("0x1F") == .string("0x1F"))
        #expect(APICommand.typed("nan") == .string("nan"))
        #expect(APICommand.typed(" 1") == .string(" 1"))
        #expect(APICommand.typed("TRUE") == .string("TRUE"))
    }

    @Test func api_wrongArguments_areUsageErrorsNamingThem() {
        #expect(usageMessage(["api"])?.contains("PATH") == true)
        #expect(usageMessage(["api", "api/posts"])?.contains("PATH") == true)
        #expect(usageMessage(["api", "//evil.example/api"])?.contains("PATH") == true)
        #expect(usageMessage(["api", "ftp://127.0.0.1/x"])?.contains("PATH") == true)
        #expect(usageMessage(["api", "/x", "-f", "novalue"])?.contains("-f") == true)
        #expect(usageMessage(["api", "/x", "-F", "=1"])?.contains("-F") == true)
        #expect(usageMessage(["api", "/x", "-X", "GE T"])?.contains("-X") == true)
        #expect(usageMessage(["api", "/x", "-X"])?.contains("-X") == true)
        #expect(usageMessage(["api", "/x", "-X", "GET", "-X", "POST"])?.contains("-X") == true)
        #expect(usageMessage(["api", "/x", "--input", ""])?.contains("--input") == true)
    }

    @Test func api_buildsTheRequest_getFieldsAsQuery_otherwiseAJSONBody() throws {
        let base = URL(string: "http://127.0.0.1:8080")!
        let get = try command(
            ["api", "-X", "GET", "/api/posts?page=0", "-f", "visibilityScope=GLOBAL", "-F", "size=2"],
            as: APICommand.self)
        let getRequest = try get.urlRequest(base: base)
        #expect(getRequest.httpMethod == "GET" && getRequest.httpBody == nil)
        #expect(
            getRequest.url?.absoluteString == "http://127.0.0.1:8080/api/posts?page=0&visibilityScope=GLOBAL&size=2")
        let post = try command(
            ["api", "/api/posts/3/votes", "-F", "myChoice=true", "-f", "note=hi"], as: APICommand.self)
        let postRequest = try post.urlRequest(base: base)
        #expect(postRequest.httpMethod == "POST")
        #expect(postRequest.httpBody.map { String(decoding: $0, as: UTF8.self) } == #"{"myChoice":true,"note":"hi"}"#)
        #expect(postRequest.value(forHTTPHeaderField: "Content-Type") == "application/json")
        let tokens = try command(["api", "-X", "POST", "/api/auth/refresh"], as: APICommand.self)
        #expect(throws: CommandFailure.self) { try tokens.urlRequest(base: base) }
    }

    @Test func feed_defaultsAndValues() throws {
        let feed = try command(["feed"], as: FeedCommand.self)
        #expect(feed.scope == "GLOBAL" && feed.page == 0 && feed.size == 10)
        let school = try command(["feed", "--scope", "School", "--page", "2", "--size", "1"], as: FeedCommand.self)
        #expect(school.scope == "SCHOOL" && school.page == 2 && school.size == 1)
    }

    @Test func feed_wrongValues_areUsageErrorsNamingTheOption() {
        #expect(usageMessage(["feed", "--page", "-1"])?.contains("--page") == true)
        #expect(usageMessage(["feed", "--size", "0"])?.contains("--size") == true)
        #expect(usageMessage(["feed", "--size", "ten"])?.contains("--size") == true)
        #expect(usageMessage(["feed", "--page", "99999999999"])?.contains("--page") == true)
        #expect(usageMessage(["feed", "--scope", "all"])?.contains("--scope") == true)
    }

    @Test func postCommands_readTheirValues() throws {
        #expect(try command(["post", "show", "42"], as: PostShowCommand.self).postID == 42)
        #expect(try command(["post", "close", "7"], as: PostCloseCommand.self).postID == 7)
        #expect(try command(["post", "delete", "7", "--yes"], as: PostDeleteCommand.self).postID == 7)
        let vote = try command(["vote", "5", "Disagree"], as: VoteCommand.self)
        #expect(vote.postID == 5 && !vote.agrees)
        #expect(try command(["vote", "5", "agree"], as: VoteCommand.self).agrees)
        let create = try command(
            [
                "post", "create", "--title", "살까?", "--contents", "c", "--price", "35000", "--url", "https://x.kr",
                "--scope", "school", "--image", "/tmp/a.PNG",
            ],
            as: PostCreateCommand.self)
        #expect(create.title == "살까?" && create.contents == "c" && create.price == 35000)
        #expect(create.externalURL == "https://x.kr" && create.scope == "SCHOOL" && create.imagePath == "/tmp/a.PNG")
        let bare = try command(["post", "create", "--title", "t"], as: PostCreateCommand.self)
        #expect(bare.scope == "GLOBAL" && bare.contents == nil && bare.price == nil && bare.imagePath == nil)
    }

    @Test func postCommands_wrongArguments_areUsageErrorsNamingThem() {
        #expect(usageMessage(["post", "show"])?.contains("ID") == true)
        #expect(usageMessage(["post", "show", "abc"])?.contains("ID") == true)
        #expect(usageMessage(["post", "show", "0"])?.contains("ID") == true)
        #expect(usageMessage(["post", "delete", "3"])?.contains("--yes") == true)
        #expect(usageMessage(["vote", "3"])?.contains("agree|disagree") == true)
        #expect(usageMessage(["vote", "3", "maybe"])?.contains("agree|disagree") == true)
        #expect(usageMessage(["post", "create"])?.contains("--title") == true)
        #expect(usageMessage(["post", "create", "--title", "  "])?.contains("--title") == true)
        #expect(usageMessage(["post", "create", "--title", "t", "--price", "-5"])?.contains("--price") == true)
        #expect(usageMessage(["post", "create", "--title", "t", "--scope", "x"])?.contains("--scope") == true)
        #expect(usageMessage(["post", "create", "--title", "t", "--image", "a.txt"])?.contains("--image") == true)
        #expect(usageMessage(["post", "edit", "3"])?.contains("post edit") == true)
    }

    @Test func verbose_isASharedOption() throws {
        let invocation = try CommandLineParser.parse(["feed", "--verbose"], environment: [:])
        #expect(invocation.options.verbose)
        #expect(try !CommandLineParser.parse(["feed"], environment: [:]).options.verbose)
        #expect(usageMessage(["--verbose=yes", "feed"])?.contains("--verbose") == true)
    }

    @Test func postCreate_form_hasThePostRequestPartAndTheImage() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let image = directory.appendingPathComponent("shoe.png")
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: image)
        let create = try command(
            ["post", "create", "--title", "t", "--price", "0", "--image", image.path], as: PostCreateCommand.self)
        let form = try create.form()
        #expect(form.parts.map(\.name) == ["postRequest", "imageFile"])
        #expect(form.parts[0].contentType == "application/json")
        #expect(
            String(decoding: form.parts[0].data, as: UTF8.self)
                == #"{"visibilityScope":"GLOBAL","title":"t","price":0}"#)
        #expect(form.parts[1].filename == "shoe.png" && form.parts[1].contentType == "image/png")
    }
}
