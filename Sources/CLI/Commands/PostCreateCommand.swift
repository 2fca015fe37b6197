import Foundation
package import WoteKit

/// `wote post create --title T [--contents C] [--price N] [--url U] [--scope global|school]
/// [--image FILE]`: asks everyone (or my school) whether to buy something.
package struct PostCreateCommand: WoteCommand {
    package static let configuration = CommandConfiguration(
        words: ["post", "create"],
        options: [
            .value("--title", "T"), .value("--contents", "C", required: false),
            .value("--price", "N", required: false), .value("--url", "U", required: false),
            .value("--scope", "global|school", required: false), .value("--image", "FILE", required: false),
        ],
        summary: "Create a post and find its id.",
        details: """
            T and C are at most 255 characters; N is a price from 0; U a link (at most 1500 characters).
            FILE is a JPEG, PNG, GIF, WebP or HEIC image (by its extension), at most 9 MiB.
            The server does not return the new post's id: wote finds it on page 0 of the scope's feed
            (my nickname and the title, newest first). With --json: {"postId": N}, null when not found.
            """)

    /// The most bytes `--image` may have (the server's limit per image is 10 MB).
    static let maximumImageSize = 9 * 1024 * 1024
    /// Image content types by file extension.
    static let imageTypes = [
        "jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png", "gif": "image/gif", "webp": "image/webp",
        "heic": "image/heic",
    ]
    /// How many posts of page 0 are searched for the new one.
    static let searchSize = 20

    /// The title, not blank.
    package var title: String
    /// The text under the title.
    package var contents: String?
    /// The price, from 0.
    package var price: Int?
    /// A link to the thing.
    package var externalURL: String?
    /// `GLOBAL` or `SCHOOL`.
    package var scope: String
    /// The image to upload, if any; read when the command runs.
    package var imagePath: String?

    package init(parsing arguments: inout ArgumentCursor) throws(CommandFailure) {
        title = try ArgumentCursor.nonBlank(arguments.required("--title"), named: "--title")
        contents = arguments.value(of: "--contents")
        price = try arguments.value(of: "--price").map { (text) throws(CommandFailure) in
            try PostArguments.integer(text, named: "--price", atLeast: 0, default: 0)
        }
        externalURL = arguments.value(of: "--url")
        scope = try PostArguments.scope(arguments.value(of: "--scope"))
        imagePath = try arguments.value(of: "--image").map { (path) throws(CommandFailure) in
            let path = try ArgumentCursor.nonBlank(path, named: "--image")
            guard Self.imageTypes[URL(fileURLWithPath: path).pathExtension.lowercased()] != nil else {
                throw .usage("--image: '\(path)' is not a .jpg, .jpeg, .png, .gif, .webp or .heic file")
            }
            return path
        }
    }

    package func run(_ context: CommandContext) async throws(CommandFailure) -> CommandOutput {
        let form = try self.form()
        try await context.restore()
        _ = try await context.send(.post("/api/posts", form: form))
        let postID = await findPostID(in: context)
        let text =
            postID.map { localized("Posted “\(title)” as #\($0).", ko: "“\(title)”을(를) #\($0)(으)로 올렸습니다.") }
            ?? localized(
                "Posted “\(title)”; its id was not found on the first page of the feed.",
                ko: "“\(title)”을(를) 올렸지만 피드 첫 쪽에서 번호를 찾지 못했습니다.")
        return CommandOutput(text: text, json: .object([("postId", postID.map(JSONValue.number) ?? .null)]))
    }

    /// The multipart body: part `postRequest` (JSON) and, with `--image`, part `imageFile`.
    ///
    /// - Throws: a usage failure naming `--image` when the file cannot be read or is too large.
    package func form() throws(CommandFailure) -> MultipartFormData {
        var request: [(String, JSONValue)] = [("visibilityScope", .string(scope)), ("title", .string(title))]
        if let contents { request.append(("contents", .string(contents))) }
        if let price { request.append(("price", .number(price))) }
        if let externalURL { request.append(("externalURL", .string(externalURL))) }
        var form = MultipartFormData()
        form.append(
            name: "postRequest", contentType: "application/json", data: Data(JSONValue.object(request).text.utf8))
        if let imagePath {
            let url = URL(fileURLWithPath: imagePath)
            let data = try ImageArgument.read(imagePath, maximumSize: Self.maximumImageSize)
            let type = Self.imageTypes[url.pathExtension.lowercased()] ?? "image/jpeg"
            form.append(name: "imageFile", filename: url.lastPathComponent, contentType: type, data: data)
        }
        return form
    }

    /// The new post's id: the newest post on page 0 of its scope with my nickname and the title;
    /// `nil` when it cannot be found (the server does not return it).
    private func findPostID(in context: CommandContext) async -> Int? {
        do {
            let me = try await context.attempt { () throws(WoteError) in try await context.wote.fetchMyProfile() }
            let posts = try await FeedCommand.posts(scope: scope, page: 0, size: Self.searchSize, on: context.wote)
            let mine = posts.first {
                $0["author"]?["nickname"]?.stringValue == me.nickname && $0["title"]?.stringValue == title
            }
            return mine?["postId"]?.intValue
        } catch {
            return nil
        }
    }
}
