/// The cart bodies of PROTOCOL.md, DummyJSON's shapes.
extension WireBodies {
    /// `POST /auth/carts/add`'s body: whose cart, and what to add to it.
    struct CartAddRequest: Decodable {
        struct Line: Decodable {
            let id: Int
            let quantity: Int
        }

        let userId: Int
        let products: [Line]
    }

    /// A cart: its lines priced from the catalogue, and their sums.
    struct Cart: Encodable {
        struct Line: Encodable {
            let id: Int
            let title: String
            let price: Double
            let quantity: Int
            let total: Double
            let discountPercentage: Double
            let discountedTotal: Double
            let thumbnail: String
        }

        let id: Int
        let products: [Line]
        let total: Double
        let discountedTotal: Double
        let userId: Int
        let totalProducts: Int
        let totalQuantity: Int

        /// `userID`'s cart of `lines`, each priced from `catalogue`. A line whose product
        /// the catalogue no longer has (a restart with fewer products) is left out. Each
        /// sum is rounded to the cent, so a line's totals add up to the cart's.
        init(userID: Int, lines: [CartLineRecord], catalogue: Catalogue) {
            let priced = lines.compactMap { line in catalogue.product(id: line.productID).map { (line, $0) } }
            products = priced.map { line, product in
                let total = Self.cents(product.price * Double(line.quantity))
                return Line(
                    id: product.id, title: product.title, price: product.price, quantity: line.quantity, total: total,
                    discountPercentage: product.discountPercentage,
                    discountedTotal: Self.cents(total * (100 - product.discountPercentage) / 100), thumbnail: product.thumbnail
                )
            }
            id = userID
            userId = userID
            total = Self.cents(products.reduce(0) { $0 + $1.total })
            discountedTotal = Self.cents(products.reduce(0) { $0 + $1.discountedTotal })
            totalProducts = products.count
            totalQuantity = products.reduce(0) { $0 + $1.quantity }
        }

        private static func cents(_ amount: Double) -> Double {
            (amount * 100).rounded() / 100
        }
    }

    /// `GET /auth/carts/user/{id}`'s answer: the user's carts (one, or none before
    /// anything was added), with the paging fields of every list.
    struct CartList: Encodable {
        let carts: [Cart]
        let total: Int
        let skip: Int
        let limit: Int
    }
}
