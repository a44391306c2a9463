/// Browse pages that show exactly the photos of an earlier one, in the same order, and so
/// load its data files (issue 51).
///
/// A city and its region when every photo of the region is the city's (Lyon and
/// Auvergne-Rhône-Alpes), a region and its country (Scotland and the United Kingdom), a year
/// of one month's photos, a person seen only at one party and its keyword: the pages' data
/// files (index, columns' ends, heights, months, shapes, ids, chunks) are made from their
/// photos alone, so they were the same bytes under two names, and a photo added to both
/// rewrote both. On the changes bench's 100,000 photos the later pages of five pairs of place
/// pages held 6 % of the site's data files; one copy took what 50 old photos rewrote from 36.7
/// to 35.4 MiB and pages and data from 14.5 to 13.9 KiB a photo. The later page's own files
/// are its page and its plain pages (their titles and links are its own); its page loads the
/// earlier page's data, and has none of its own until their photos differ.
struct DataTwins: Sendable, Equatable {
    /// By a later page's stem, the stem of the first page (in the site's order) with the same
    /// photos: whose data files it loads.
    let owners: [String: String]

    /// The twins among `pages` (stems in the site's order, each with a `key` that equal photos
    /// make equal: its counts and dates), comparing the photo ids (`ids`, in the page's order)
    /// only of pages whose key another page has.
    init(pages: [(stem: String, key: String)], ids: (String) throws -> [Int64]) rethrows {
        var byKey: [String: [String]] = [:]
        for page in pages { byKey[page.key, default: []].append(page.stem) }
        var owners: [String: String] = [:]
        for stems in byKey.values where stems.count > 1 {
            // Each page against the pages before it that load their own data: a third page
            // like the first two loads the first's.
            var firsts: [(stem: String, ids: [Int64])] = []
            for stem in stems {
                let own = try ids(stem)
                if let twin = firsts.first(where: { $0.ids == own }) {
                    owners[stem] = twin.stem
                } else {
                    firsts.append((stem, own))
                }
            }
        }
        self.owners = owners
    }

    /// The stem whose data files the page `stem` loads: its twin's, or its own.
    func dataStem(of stem: String?) -> String? {
        stem.flatMap { owners[$0] } ?? stem
    }

    /// As the inputs' digest reads it: whose data the page loads.
    func digestText(of stem: String?) -> String {
        stem.flatMap { owners[$0] }.map { "data of " + $0 } ?? "own data"
    }
}
