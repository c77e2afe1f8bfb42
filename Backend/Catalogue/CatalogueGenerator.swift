import Infrastructure

/// Makes a realistic catalogue from a seed: the same seed always gives the same
/// products, and any product can be made on its own from its index, so a catalogue
/// of a million products needs no million products in memory.
struct CatalogueGenerator: Sendable {
    private struct Category {
        let slug: String
        /// Each brand with the product names it sells, so no "Apple Galaxy" appears.
        let lines: [(brand: String?, nouns: [String])]
        let variants: [String]
        let priceRange: ClosedRange<Int>
        let blurb: String
    }

    let seed: UInt64

    /// Only the smartphones speak of phones, so `phone` finds about one product in twelve.
    private static let categories: [Category] = [
        Category(slug: "smartphones", lines: [("Apple", ["iPhone"]), ("Samsung", ["Galaxy Phone", "Note Phone"]), ("Oppo", ["Reno Phone", "Find Smartphone"]), ("Vivo", ["Smartphone"]), ("Realme", ["Smartphone", "Narzo Phone"])],
                 variants: ["12", "13 Pro", "S21", "Mini", "Max", "Lite"], priceRange: 19_900...149_900,
                 blurb: "A smartphone with a bright display, a long-lasting battery and a sharp camera."),
        Category(slug: "laptops", lines: [("Apple", ["MacBook"]), ("Asus", ["ZenBook"]), ("Lenovo", ["ThinkPad", "Yoga"]), ("Dell", ["XPS"]), ("Huawei", ["MateBook"])],
                 variants: ["13", "14 Pro", "15", "Air", "Ultra"], priceRange: 69_900...299_900,
                 blurb: "A light laptop for work and study, with a quiet keyboard and all-day battery."),
        Category(slug: "mobile-accessories", lines: [("Apple", ["AirPods", "MagSafe Charger"]), ("Anker", ["Power Bank", "Charger"]), ("Belkin", ["Cable", "Charger"]), ("JBL", ["Earbuds"])],
                 variants: ["Max Silver", "Pro", "USB-C", "Wireless", "20W"], priceRange: 999...54_999,
                 blurb: "An accessory that charges, connects or plays wherever you go."),
        Category(slug: "tablets", lines: [("Apple", ["iPad"]), ("Samsung", ["Galaxy Tab"]), ("Lenovo", ["Tab"])], variants: ["Air", "Mini", "S8", "P11"],
                 priceRange: 19_900...129_900, blurb: "A tablet for reading, drawing and watching films."),
        Category(slug: "groceries", lines: [(nil, ["Apple", "Honey Jar", "Müsli", "Green Tea", "Olive Oil"])],
                 variants: ["1 kg", "Organic", "Family Pack", "Fair Trade"], priceRange: 99...2_499,
                 blurb: "Fresh from the pantry: good food at a fair price."),
        Category(slug: "beauty", lines: [("Essence", ["Mascara Lash Princess", "Lipstick"]), ("Glamour Beauty", ["Eyeshadow Palette"]), ("Nail Couture", ["Nail Polish"])],
                 variants: ["Red", "Nude", "Lash Princess", "Matte"], priceRange: 499...4_999,
                 blurb: "Everyday make-up that lasts from morning to night."),
        Category(slug: "furniture", lines: [("Furniture Co.", ["Bed", "Sofa"]), ("Knoll", ["Office Chair"]), ("Bedside Co.", ["Bedside Table"])], variants: ["Oak", "Walnut", "Grey", "Velvet"],
                 priceRange: 4_999...249_999, blurb: "Solid furniture made to last for years."),
        Category(slug: "kitchen-accessories", lines: [("Crème Cuisine", ["Café Crème Mug", "Blender"]), ("Chef's Choice", ["Knife Set"]), ("Bamboo Co.", ["Bamboo Spatula"])],
                 variants: ["Small", "Large", "Set of 4", "Steel"], priceRange: 399...19_999,
                 blurb: "Tools for the kitchen that cook, cut and serve."),
        Category(slug: "sports-accessories", lines: [("Nike", ["Football", "Yoga Mat"]), ("Adidas", ["Football"]), ("Wilson", ["Tennis Racket", "Basketball"])], variants: ["Pro", "Junior", "Match", "Training"],
                 priceRange: 999...24_999, blurb: "Gear for the pitch, the court and the gym."),
        Category(slug: "womens-watches", lines: [("Rolex", ["Datejust"]), ("IWC", ["Portofino"]), ("Longines", ["Conquest"])], variants: ["Gold", "Silver", "Rose Gold"],
                 priceRange: 99_900...999_900, blurb: "A timeless watch with a precise movement."),
        Category(slug: "sunglasses", lines: [("Ray-Ban", ["Aviator", "Wayfarer"]), ("Oakley", ["Sport Shades"]), ("Persol", ["Classic Shades"])], variants: ["Black", "Tortoise", "Polarised"],
                 priceRange: 4_999...29_999, blurb: "Sunglasses that block glare and look good doing it."),
        Category(slug: "home-decoration", lines: [("Decoration Co.", ["Table Lamp", "Plant Pot"]), ("Wall Art", ["Wall Clock", "Photo Frame"])], variants: ["White", "Brass", "Ceramic"],
                 priceRange: 999...14_999, blurb: "Small things that make a room feel like home."),
    ]

    /// The category slugs, in the order products are dealt to them: product `index`
    /// belongs to `categorySlugs[index % categorySlugs.count]`.
    static var categorySlugs: [String] { categories.map(\.slug) }

    /// The product with 1-based identifier `index + 1`.
    func product(at index: Int) -> CatalogueProduct {
        var random = SplitMix64(seed: seed ^ (UInt64(index) &* 0x9E37_79B9_7F4A_7C15))
        let category = Self.categories[index % Self.categories.count]
        let line = random.pick(category.lines)
        let noun = random.pick(line.nouns)
        let variant = random.pick(category.variants)
        // Groceries carry no brand; about one other product in ten comes unbranded too.
        let brand = random.next() % 10 == 0 ? nil : line.brand
        let title = [brand, noun, variant].compactMap { $0 }.joined(separator: " ")
        let cents = Int(random.next() % UInt64(category.priceRange.count)) + category.priceRange.lowerBound
        let endings = [99, 49, 0, 95]
        let price = Double(cents / 100 * 100 + endings[Int(random.next() % 4)]) / 100
        return CatalogueProduct(
            id: index + 1,
            title: title,
            description: "\(category.blurb) \(noun) in \(variant.lowercased()).",
            category: category.slug,
            price: price,
            discountPercentage: Double(random.next() % 2_000) / 100,
            rating: Double(100 + random.next() % 401) / 100,
            stock: Int(random.next() % 150),
            brand: brand,
            tags: [category.slug, variant.lowercased()],
            thumbnail: "https://example.invalid/products/\(index + 1)/thumbnail.png"
        )
    }
}

extension SplitMix64 {
    /// One of `items`, chosen by the generator: the catalogue must be the same on every machine.
    mutating func pick<T>(_ items: [T]) -> T {
        items[Int(next() % UInt64(items.count))]
    }
}
