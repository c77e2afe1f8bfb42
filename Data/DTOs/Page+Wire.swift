import Domain

extension Page {
    /// A page as any paged answer sends it (`total`, `skip`, and the items under a name
    /// of their own): the answer's `skip` must be the one asked for, and the numbers
    /// must agree (`Page`'s checks), or the answer is unusable. The page number and size
    /// come from the request, not from the answer, whose `limit` only counts the items.
    init(wire items: [Item], total: Int, skip: Int, asked paging: Paging, named name: String) throws(StoreError) {
        guard skip == paging.skip else {
            throw .unusableResponse(Diagnostic("\(name) answered skip \(skip) for skip \(paging.skip)"))
        }
        do {
            try self.init(items: items, total: total, paging: paging)
        } catch {
            throw .unusableResponse(Diagnostic("\(name) page: \(error)"))
        }
    }
}
