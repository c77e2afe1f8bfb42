/// Realistic DummyJSON-shaped bodies, written the way DummyJSON sends them: extra fields,
/// a missing brand, whole numbers with and without `.0`.
enum Fixtures {
    static let searchPhone = """
        {"products":[
          {"id":101,"title":"Apple AirPods Max Silver","description":"Premium over-ear headphones.",
           "category":"mobile-accessories","price":549.99,"discountPercentage":13.67,"rating":3.47,
           "stock":59,"tags":["electronics","headphones"],"brand":"Apple","sku":"MOB-APP-APP-101",
           "weight":8,"dimensions":{"width":15.44,"height":13.95,"depth":20.16},
           "warrantyInformation":"1 year warranty","reviews":[{"rating":5,"comment":"Great!"}],
           "meta":{"barcode":"1234567890123"},"images":["https://example.invalid/1.png"],
           "thumbnail":"https://example.invalid/thumb/101.png"},
          {"id":122,"title":"iPhone 6","description":"A classic phone.","category":"smartphones",
           "price":299.0,"discountPercentage":10,"rating":4.0,"stock":10.0,"tags":["smartphones"],
           "thumbnail":"https://example.invalid/thumb/122.png"}
        ],"total":23,"skip":10,"limit":2}
        """

    /// `/products/categories` as DummyJSON sends it: each with a `url`.
    static let categories = """
        [{"slug":"beauty","name":"Beauty","url":"https://dummyjson.com/products/category/beauty"},
         {"slug":"mobile-accessories","name":"Mobile Accessories","url":"https://dummyjson.com/products/category/mobile-accessories"},
         {"slug":"smartphones","name":"Smartphones"}]
        """

    static let login = """
        {"id":1,"username":"emilys","email":"emily.johnson@x.dummyjson.com","firstName":"Emily",
         "lastName":"Johnson","gender":"female","image":"https://example.invalid/icon/emilys/128",
         "accessToken":"eyJhbGciOiJIUzI1NiJ9.access","refreshToken":"eyJhbGciOiJIUzI1NiJ9.refresh"}
        """

    /// `/auth/me` on DummyJSON returns the whole user record.
    static let me = """
        {"id":1,"firstName":"Emily","lastName":"Johnson","maidenName":"Smith","age":28,"gender":"female",
         "email":"emily.johnson@x.dummyjson.com","phone":"+81 965-431-3024","username":"emilys",
         "password":"emilyspass","birthDate":"1996-5-30","image":"https://example.invalid/icon/emilys/128",
         "bloodGroup":"O-","height":193.24,"weight":63.16,"eyeColor":"Green",
         "hair":{"color":"Brown","type":"Curly"},"ip":"42.48.100.32","address":{"address":"626 Main Street",
         "city":"Phoenix","coordinates":{"lat":-77.16213,"lng":-92.084824},"country":"United States"},
         "bank":{"cardExpire":"03/26","currency":"CNY"},"company":{"name":"Dooley, Kozey and Cronin"},
         "crypto":{"coin":"Bitcoin","network":"Ethereum (ERC20)"},"role":"admin"}
        """
}
