import ArgumentParser
import Domain

/// `--limit` and `--page`, for the commands that show a page of products.
struct PagingOptions: ParsableArguments {
    @Option(name: .long, help: "Results per page, 1 to 100.")
    var limit: Int = Paging.defaultPageSize

    @Option(name: .long, help: "Which page, from 1.")
    var page: Int = 1
}
