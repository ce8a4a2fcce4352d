import PhotoZoomLoaderInterface

/// How a test-only loader misbehaves, as a decoder a file took over might: it crashes, hangs or
/// tries what the sandbox forbids instead of decoding, or lies in its reply. Tests hold the
/// window to surviving each with one placeholder and a new loader. The shipped loader has none.
public protocol LoaderMisbehaviour {
    /// Whether it dealt with `request` itself (crashed, hung, or said something with `answer`)
    /// rather than let it be decoded; `bytes` is the request's memory file.
    func takeOver(_ request: LoaderRequest, bytes: Int32, answer: (LoaderReply) -> Void) -> Bool

    /// What is sent instead of the true `reply` to `request`, with its pixels in `memory`.
    func distort(_ reply: LoaderReply, memory: Int32, for request: LoaderRequest) -> (
        reply: LoaderReply, memory: Int32
    )
}
